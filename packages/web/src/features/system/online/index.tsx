import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, PAGE_SIZES } from '../../../api/list';
import { formatTime } from '../../../i18n/format';
import { usePermission } from '../../../shell/view-host/view-context';
import { type OnlineQuery, type OnlineSession, onlineApi } from './api';

export default function OnlineUsersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const client = useQueryClient();
  const [query, setQuery] = useState<OnlineQuery>({ page: 1, limit: DEFAULT_LIMIT, search: '' });
  const list = useQuery({
    queryKey: ['online', query],
    queryFn: () => onlineApi.list(query),
    placeholderData: keepPreviousData,
  });
  const offline = useMutation({
    mutationFn: (row: OnlineSession) => onlineApi.forceOffline({ session_id: row.session_id }),
    onSuccess: () => {
      message.success(t('online.forced'));
      void client.invalidateQueries({ queryKey: ['online'] });
    },
  });

  return (
    <div className="hw-card">
      <div className="hw-toolbar">
        <Input.Search
          allowClear
          placeholder={t('online.searchPlaceholder')}
          style={{ width: 240 }}
          onSearch={(search) => setQuery((q) => ({ ...q, page: 1, search }))}
        />
        <span className="hw-toolbar__spacer" />
        <Button onClick={() => void list.refetch()}>{t('common.refresh')}</Button>
      </div>
      <Table<OnlineSession>
        rowKey="session_id"
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
          { title: t('user.role'), dataIndex: 'role_name', render: (v: string) => <Tag>{v}</Tag> },
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
                    <Popconfirm
                      title={t('online.forceConfirm', { name: row.user_name || row.account })}
                      onConfirm={() => offline.mutateAsync(row)}
                      okText={t('common.ok')}
                      cancelText={t('common.cancel')}
                    >
                      <Button type="link" danger size="small">
                        {t('online.forceOffline')}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
