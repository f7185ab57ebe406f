import type { MessageLogQuery, MessageLogRow } from '@headway/server/contract';
import { Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { messagesApi, messagesKeys } from '../../messages/api';
import { messageLogColumns } from '../../messages/log/columns';
import { logFilters, MessageLogFilters, todayFilters } from '../../messages/log/MessageLogFilters';
import '../../messages/messages.css';

/**
 * System → Message log (screen SystemLogMessage): every dispatch message of the company, one row per vehicle, with
 * its reply. Its strings are the messages namespace's, loaded by useTranslation (suspending) since the view's
 * folder is system/.
 */
export default function SystemLogMessagePage() {
  const { t, i18n } = useTranslation('messages');
  const list = usePagedTable<MessageLogQuery, MessageLogRow>(
    messagesKeys.log,
    messagesApi.log,
    logFilters(todayFilters()),
  );
  const columns = useMemo(() => messageLogColumns(t, i18n.language), [t, i18n.language]);

  return (
    <div className="hw-card" data-testid="message-log">
      <MessageLogFilters onSearch={(values) => list.filter(logFilters(values))} />
      <Table<MessageLogRow> rowKey="id" {...list.tableProps} columns={columns} scroll={{ x: 1500 }} />
    </div>
  );
}
