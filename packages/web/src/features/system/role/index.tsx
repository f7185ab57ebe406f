import { isRoleFlag, labelIn, ROLE_LABELS } from '@headway/spec';
import { App, Button, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmLink } from '../../../components/list-page/ConfirmLink';
import { AddButton, ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { usePermission } from '../../../shell/view-host/view-context';
import { type RoleRow, roleApi } from './api';
import { RoleDialog } from './components/RoleDialog';
import { roleName, roleRemark } from './role-label';

export default function RolesPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const list = usePagedTable('roles', roleApi.list, { search: '' });
  const [dialog, setDialog] = useState<{ role: RoleRow | null; readOnly: boolean } | null>(null);

  async function remove(row: RoleRow) {
    await roleApi.remove(row.role_id);
    message.success(t('common.deleted'));
    list.reload();
  }

  return (
    <div className="hw-card">
      <ListToolbar
        searchPlaceholder={t('role.searchPlaceholder')}
        onSearch={(search) => list.filter({ search })}
        actions={can('add') && <AddButton onClick={() => setDialog({ role: null, readOnly: false })} />}
      />
      <Table<RoleRow>
        rowKey="role_id"
        {...list.tableProps}
        columns={[
          { title: t('role.roleName'), dataIndex: 'role_name', render: (_: string, row) => roleName(t, row) },
          {
            title: t('role.roleFlag'),
            dataIndex: 'role_flag',
            render: (v: string) => (
              <Tag color={v === '@User' ? 'default' : 'geekblue'}>
                {isRoleFlag(v) ? labelIn(ROLE_LABELS[v], i18n.language) : v}
              </Tag>
            ),
          },
          {
            title: t('role.shared'),
            dataIndex: 'is_share',
            render: (v: number) =>
              v === 1 ? <Tag color="purple">{t('role.shared')}</Tag> : <Tag>{t('role.custom')}</Tag>,
          },
          { title: t('role.userCount'), dataIndex: 'user_count', width: 100 },
          {
            title: t('common.remark'),
            dataIndex: 'remark',
            ellipsis: true,
            render: (_: string, row) => roleRemark(t, row) || '--',
          },
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
                    <ConfirmLink title={t('common.deleteConfirm')} onConfirm={() => remove(row)}>
                      {t('common.delete')}
                    </ConfirmLink>
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
          list.reload();
        }}
      />
    </div>
  );
}
