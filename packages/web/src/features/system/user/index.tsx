import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, PAGE_SIZES } from '../../../api/list';
import { formatTime } from '../../../i18n/format';
import { usePermission } from '../../../shell/view-host/view-context';
import { roleApi } from '../role/api';
import { type UserQuery, type UserRow, userApi } from './api';
import { UserDialog } from './components/UserDialog';

export default function UsersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const client = useQueryClient();
  const [query, setQuery] = useState<UserQuery>({ page: 1, limit: DEFAULT_LIMIT });
  const [editing, setEditing] = useState<{ user: UserRow | null } | null>(null);
  const list = useQuery({
    queryKey: ['users', query],
    queryFn: () => userApi.list(query),
    placeholderData: keepPreviousData,
  });
  const roles = useQuery({ queryKey: ['roles', 'all'], queryFn: () => roleApi.list({ page: 1, limit: 200 }) });
  const reload = () => void client.invalidateQueries({ queryKey: ['users'] });

  async function remove(row: UserRow) {
    await userApi.remove(row.user_id);
    message.success(t('common.deleted'));
    reload();
  }

  const showActions = can('edit') || can('delete');
  return (
    <div className="hw-card">
      <div className="hw-toolbar">
        <Input.Search
          allowClear
          placeholder={t('user.searchPlaceholder')}
          style={{ width: 220 }}
          onSearch={(search) => setQuery((q) => ({ ...q, page: 1, search }))}
          data-testid="user-search"
        />
        <Select
          allowClear
          placeholder={t('user.role')}
          style={{ width: 180 }}
          options={(roles.data?.rows ?? []).map((r) => ({ value: r.role_id, label: r.role_name }))}
          onChange={(role_id?: number) => setQuery((q) => ({ ...q, page: 1, role_id }))}
        />
        <Select
          allowClear
          placeholder={t('common.state')}
          style={{ width: 120 }}
          options={[
            { value: 0, label: t('common.enabled') },
            { value: 1, label: t('common.disabled') },
          ]}
          onChange={(state?: 0 | 1) => setQuery((q) => ({ ...q, page: 1, state }))}
        />
        <span className="hw-toolbar__spacer" />
        {can('add') && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ user: null })}
            data-testid="user-add"
          >
            {t('common.add')}
          </Button>
        )}
      </div>
      <Table<UserRow>
        rowKey="user_id"
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
          { title: t('user.account'), dataIndex: 'account' },
          { title: t('user.userName'), dataIndex: 'user_name' },
          { title: t('user.role'), dataIndex: 'role_name', render: (v: string) => <Tag color="blue">{v}</Tag> },
          { title: t('common.email'), dataIndex: 'email', render: (v: string) => v || '--' },
          {
            title: t('common.state'),
            dataIndex: 'state',
            render: (v: number) =>
              v === 0 ? <Tag color="success">{t('common.enabled')}</Tag> : <Tag>{t('common.disabled')}</Tag>,
          },
          {
            title: t('user.online'),
            dataIndex: 'online',
            render: (v: boolean) => (
              <Badge status={v ? 'success' : 'default'} text={v ? t('user.online') : t('user.offline')} />
            ),
          },
          { title: t('user.lastLogin'), dataIndex: 'last_login_time', render: formatTime },
          { title: t('user.createTime'), dataIndex: 'create_time', render: formatTime },
          ...(showActions
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  width: 140,
                  render: (_: unknown, row: UserRow) => (
                    <Space size={0}>
                      {can('edit') && (
                        <Button type="link" size="small" onClick={() => setEditing({ user: row })}>
                          {t('common.edit')}
                        </Button>
                      )}
                      {can('delete') && (
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
                  ),
                },
              ]
            : []),
        ]}
      />
      <UserDialog
        open={editing !== null}
        user={editing?.user ?? null}
        roles={roles.data?.rows ?? []}
        onClose={() => setEditing(null)}
        onSaved={() => {
          message.success(t('common.saved'));
          setEditing(null);
          reload();
        }}
      />
    </div>
  );
}
