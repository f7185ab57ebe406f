import { App, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editDeleteColumn } from '../../../components/list-page/edit-delete-column';
import { AddButton, ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { formatTime } from '../../../i18n/format';
import { usePermission } from '../../../shell/view-host/view-context';
import { type ConsoleQuery, type ConsoleRow, consoleApi } from './api';
import { ConsoleDialog } from './components/ConsoleDialog';

/** How many tags a cell shows before "+N". */
const TAGS_SHOWN = 4;

function TagList({ items, color }: { items: string[]; color?: string }) {
  if (items.length === 0) return <>--</>;
  const shown = items.slice(0, TAGS_SHOWN);
  return (
    <Space size={[0, 4]} wrap>
      {shown.map((item) => (
        <Tag key={item} color={color}>
          {item}
        </Tag>
      ))}
      {items.length > shown.length && <Tag>+{items.length - shown.length}</Tag>}
    </Space>
  );
}

export default function ConsolesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const list = usePagedTable<ConsoleQuery, ConsoleRow>('consoles', consoleApi.list, {});
  const [editing, setEditing] = useState<{ console: ConsoleRow | null } | null>(null);

  async function remove(row: ConsoleRow) {
    await consoleApi.remove(row.console_id);
    message.success(t('common.deleted'));
    list.reload();
  }

  return (
    <div className="hw-card">
      <ListToolbar
        searchPlaceholder={t('console.searchPlaceholder')}
        searchTestId="console-search"
        onSearch={(search) => list.filter({ search })}
        actions={can('add') && <AddButton onClick={() => setEditing({ console: null })} testId="console-add" />}
      />
      <Table<ConsoleRow>
        rowKey="console_id"
        {...list.tableProps}
        columns={[
          { title: t('console.consoleName'), dataIndex: 'console_name', width: 200 },
          {
            title: t('console.routes'),
            dataIndex: 'routes',
            render: (_, row) => <TagList color="blue" items={row.routes.map((r) => r.route_code)} />,
          },
          {
            title: t('console.users'),
            dataIndex: 'users',
            render: (_, row) => <TagList items={row.users.map((u) => u.user_name || u.account)} />,
          },
          { title: t('common.remark'), dataIndex: 'remark', ellipsis: true, render: (v: string) => v || '--' },
          { title: t('console.createTime'), dataIndex: 'create_time', width: 170, render: formatTime },
          ...editDeleteColumn<ConsoleRow>(t, can, {
            onEdit: (row) => setEditing({ console: row }),
            onDelete: remove,
            deleteConfirm: t('console.deleteConfirm'),
          }),
        ]}
      />
      <ConsoleDialog
        open={editing !== null}
        editing={editing?.console ?? null}
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
