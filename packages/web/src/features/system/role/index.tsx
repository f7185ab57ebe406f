import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, PAGE_SIZES } from '../../../api/list';
import { usePermission } from '../../../shell/view-host/view-context';
import { type RoleRow, roleApi } from './api';
import { RoleDialog } from './components/RoleDialog';

export default function RolesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const client = useQueryClient();
  const [query, setQuery] = useState({ page: 1, limit: DEFAULT_LIMIT, search: '' });
  const [dialog, setDialog] = useState<{ role: RoleRow | null; readOnly: boolean } | null>(null);
  const list = useQuery({
    queryKey: ['roles', query],
    queryFn: () => roleApi.list(query),
    placeholderData: keepPreviousData,
  });
  const reload = () => void client.invalidateQueries({ queryKey: ['roles'] });

  async function remove(row: RoleRow) {
    await roleApi.remove(row.role_id);
    message.success(t('common.deleted'));
    reload();
  }

  return (
    <div className="hw-card">
      <div className="hw-toolbar">
        <Input.Search
          allowClear
          placeholder={t('role.searchPlaceholder')}
          style={{ width: 220 }}
          onSearch={(search) => setQuery((q) => ({ ...q, page: 1, search }))}
        />
        <span className="hw-toolbar__spacer" />
        {can('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ role: null, readOnly: false })}>
            {t('common.add')}
          </Button>
        )}
      </div>
      <Table<RoleRow>
        rowKey="role_id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.rows ?? []}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, limit) => setQuery((q) => ({ ...q, page, limit })),
        }}
        columns={[
          { title: t('role.roleName'), dataIndex: 'role_name' },
          {
            title: t('role.roleFlag'),
            dataIndex: 'role_flag',
            render: (v: string) => (
              <Tag color={v === '@User' ? 'default' : 'geekblue'}>{t(`role.flags.${v}`, { defaultValue: v })}</Tag>
            ),
          },
          {
            title: t('role.shared'),
            dataIndex: 'is_share',
            render: (v: number) =>
              v === 1 ? <Tag color="purple">{t('role.shared')}</Tag> : <Tag>{t('role.custom')}</Tag>,
          },
          { title: t('role.userCount'), dataIndex: 'user_count', width: 100 },
          { title: t('common.remark'), dataIndex: 'remark', ellipsis: true, render: (v: string) => v || '--' },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 160,
            render: (_, row) => {
              const editable = row.is_share === 0 && can('edit');
              return (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setDialog({ role: row, readOnly: !editable })}>
                    {editable ? t('common.edit') : t('common.view')}
                  </Button>
                  {row.is_share === 0 && can('delete') && (
                    <Popconfirm
                      title={t('common.deleteConfirm')}
                      onConfirm={() => remove(row)}
                      okText={t('common.ok')}
                      cancelText={t('common.cancel')}
                    >
                      <Button type="link" size="small" danger>
                        {t('common.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      <RoleDialog
        open={dialog !== null}
        role={dialog?.role ?? null}
        readOnly={dialog?.readOnly ?? false}
        onClose={() => setDialog(null)}
        onSaved={() => {
          message.success(t('common.saved'));
          setDialog(null);
          reload();
        }}
      />
    </div>
  );
}
