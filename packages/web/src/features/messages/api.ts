import type {
  ListResult,
  MessageLogQuery,
  MessageLogRow,
  SendMessageBody,
  SendMessageResult,
  SnippetRow,
  VehicleTreeNode,
} from '@headway/server/contract';
import { http } from '../../api/client';

export type { MessageLogQuery, MessageLogRow, SendMessageBody, SendMessageResult, SnippetRow, VehicleTreeNode };

// Dispatch messages (docs/api.md "Messages and commands"): sends and the message log go to /dispatch/api (10 s
// timeout), the vehicle tree and snippets to /api. Types come from the server contract.

export const messagesApi = {
  /** The company's vehicles grouped by fleet (the monitoring map's tree). */
  tree: () => http.get<VehicleTreeNode[]>('/basic/cars/tree', { group_by: 'pid' }),
  send: (body: SendMessageBody) => http.post<SendMessageResult>('/dispatch/send-msg', body, { base: 'dispatch' }),
  log: (query: MessageLogQuery) =>
    http.get<ListResult<MessageLogRow>>('/logs/message', { ...query }, { base: 'dispatch' }),
  /**
   * How many vehicles answered one send. Silent: the poll runs up to three times per message, and a failed poll
   * leaves the counts as they were rather than stacking an error each time.
   */
  replies: (query: MessageLogQuery) =>
    http.get<ListResult<MessageLogRow>>('/logs/message', { ...query }, { base: 'dispatch', silent: true }),
  snippets: () => http.get<{ rows: SnippetRow[] }>('/system/snippet'),
  addSnippet: (snippet: string) => http.post<SnippetRow>('/system/snippet', { snippet }),
  deleteSnippet: (id: number) => http.delete<null>(`/system/snippet/${id}`),
};

export const messagesKeys = {
  tree: ['messages', 'tree'] as const,
  snippets: ['messages', 'snippets'] as const,
  history: (account: string) => ['messages', 'history', account] as const,
  log: 'message-log',
};
