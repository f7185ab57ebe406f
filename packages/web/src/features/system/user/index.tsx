import { useQuery } from '@tanstack/react-query';
import { App, Badge, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editDeleteColumn } from '../../../components/list-page/edit-delete-column';
import { AddButton, ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { formatTime } from '../../../i18n/format';
import { usePermission } from '../../../shell/view-host/view-context';
import { roleApi } from '../role/api';
import { roleName } from '../role/role-label';
import { type UserQuery, type UserRow, userApi } from './api';
import { UserDialog } from './components/UserDialog';
import { explainUserFailure } from './own-account';

export default function UsersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const list = usePagedTable<UserQuery, UserRow>('users', userApi.list, {});
  const [editing, setEditing] = useState<{ user: UserRow | null } | null>(null);
  const roles = useQuery({ queryKey: ['roles', 'all'], queryFn: () => roleApi.list({ page: 1, limit: 200 }) });

  async function remove(row: UserRow) {
    try {
      await userApi.remove(row.user_id);
    } catch (error) {
      explainUserFailure(error, t, (text) => message.error(text, 5));
      return;
    }
    message.success(t('common.deleted'));
    list.reload();
  }

  return (
    <div className="hw-card">
      <ListToolbar
        searchPlaceholder={t('user.searchPlaceholder')}
        searchTestId="user-search"
        onSearch={(search) => list.filter({ search })}
        actions={can('add') && <AddButton onClick={() => setEditing({ user: null })} testId="user-add" />}
      >
        <Select
          allowClear
          placeholder={t('user.role')}
          aria-label={t('user.role')}
          style={{ width: 180 }}
          options={(roles.data?.rows ?? []).map((r) => ({ value: r.role_id, label: roleName(t, r) }))}
          onChange={(role_id?: number) => list.filter({ role_id })}
        />
        <Select
          allowClear
          placeholder={t('common.state')}
          aria-label={t('common.state')}
          style={{ width: 120 }}
          options={[
            { value: 0, label: t('common.enabled') },
            { value: 1, label: t('common.disabled') },
          ]}
          onChange={(state?: 0 | 1) => list.filter({ state })}
        />
      </ListToolbar>
      <Table<UserRow>
        rowKey="user_id"
        {...list.tableProps}
        columns={[
          { title: t('user.account'), dataIndex: 'account' },
          { title: t('user.userName'), dataIndex: 'user_name' },
          {
            title: t('user.role'),
            dataIndex: 'role_name',
            render: (_: string, row) => <Tag color="blue">{roleName(t, row)}</Tag>,
          },
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
          ...editDeleteColumn<UserRow>(t, can, {
            onEdit: (row) => setEditing({ user: row }),
            onDelete: remove,
            deleteConfirm: t('common.deleteConfirm'),
          }),
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
          list.reload();
        }}
      />
    </div>
  );
}
