import { useMutation } from '@tanstack/react-query';
import { App, Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmLink } from '../../../components/list-page/ConfirmLink';
import { ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { formatTime } from '../../../i18n/format';
import { usePermission } from '../../../shell/view-host/view-context';
import { roleName } from '../role/role-label';
import { type OnlineQuery, type OnlineSession, onlineApi } from './api';

export default function OnlineUsersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const list = usePagedTable<OnlineQuery, OnlineSession>('online', onlineApi.list, { search: '' });
  const offline = useMutation({
    mutationFn: (row: OnlineSession) => onlineApi.forceOffline({ session_id: row.session_id }),
    onSuccess: () => {
      message.success(t('online.forced'));
      list.reload();
    },
  });

  return (
    <div className="hw-card">
      <ListToolbar
        searchPlaceholder={t('online.searchPlaceholder')}
        searchWidth={240}
        onSearch={(search) => list.filter({ search })}
        actions={<Button onClick={list.refetch}>{t('common.refresh')}</Button>}
      />
      <Table<OnlineSession>
        rowKey="session_id"
        {...list.tableProps}
        columns={[
          { title: t('user.account'), dataIndex: 'account' },
          { title: t('user.userName'), dataIndex: 'user_name' },
          {
            title: t('user.role'),
            dataIndex: 'role_name',
            render: (v: string) => <Tag>{roleName(t, { role_name: v })}</Tag>,
          },
          { title: t('online.ip'), dataIndex: 'ip' },
          { title: t('online.clientAgent'), dataIndex: 'client_agent', ellipsis: true },
          { title: t('online.loginTime'), dataIndex: 'login_time', render: formatTime },
          { title: t('online.lastActive'), dataIndex: 'last_active_time', render: formatTime },
          ...(can('edit')
            ? [
                {
                  title: t('common.actions'),
                  key: 'actions',
                  width: 120,
                  render: (_: unknown, row: OnlineSession) => (
                    <ConfirmLink
                      title={t('online.forceConfirm', { name: row.user_name || row.account })}
                      onConfirm={() => offline.mutateAsync(row)}
                    >
                      {t('online.forceOffline')}
                    </ConfirmLink>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
