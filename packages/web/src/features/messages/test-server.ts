import type {
  MessageLogRow,
  SendMessageBody,
  SendMessageResult,
  SnippetRow,
  VehicleTreeNode,
} from '@headway/server/contract';
import { vi } from 'vitest';

// The network edge of the messages feature's component tests: fetch answers as the server's contract says, and
// every call is recorded. Replies of the message log come from `replies` (a count per poll).

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

function car(id: number, name: string, online = 1): VehicleTreeNode {
  return {
    gid: `c${id}`,
    pid: 'g1',
    node_type: 2,
    label: name,
    node_data: { route_code: 'S40', imei: `0000000000${id}`, car_id: id },
    online,
    total: 1,
  };
}

export const TREE: VehicleTreeNode[] = [
  {
    gid: 'g1',
    pid: '',
    node_type: 0,
    label: 'Depot North',
    node_data: { route_code: '', imei: '' },
    online: 2,
    total: 3,
    children: [car(1, 'Bus 1'), car(2, 'Bus 2'), car(3, 'Bus 3', 0)],
  },
];

export function logRow(id: number, change: Partial<MessageLogRow> = {}): MessageLogRow {
  return {
    id,
    uuid: 'u1',
    car_id: 1,
    car_name: 'Bus 1',
    msg: 'Return to depot',
    flag: 0b1100,
    target: '',
    account: 'dispatcher',
    send_time: 1_800_000_000,
    send_state: 2,
    reply_time: 1_800_000_010,
    reply_msg: '',
    expire_time: null,
    ...change,
  };
}

export interface FakeServer {
  calls: Call[];
  /** Reply counts answered to the successive polls; the last one repeats. */
  replies: number[];
  snippets: SnippetRow[];
  history: MessageLogRow[];
  sends: () => SendMessageBody[];
  replyPolls: () => Call[];
}

export function serveMessages(): FakeServer {
  const server: FakeServer = {
    calls: [],
    replies: [0],
    snippets: [
      { id: 1, company_id: 1, snippet: 'Return to depot' },
      { id: 2, company_id: 1, snippet: 'Road closed ahead, follow the diversion' },
    ],
    history: [],
    sends: () => server.calls.filter((c) => c.url.endsWith('/send-msg')).map((c) => c.body as SendMessageBody),
    replyPolls: () => server.calls.filter((c) => c.url.includes('/logs/message?') && c.url.includes('data=')),
  };
  let nextSnippet = 10;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    server.calls.push({ method, url, body });
    let result: unknown = null;
    if (url.startsWith('/api/basic/cars/tree')) result = TREE;
    else if (url === '/dispatch/api/dispatch/send-msg') {
      const send = body as SendMessageBody;
      result = {
        send_count: send.car_list.length,
        reply_count: 0,
        queued_count: 0,
        rows: send.car_list.map((car_id, i) => ({ car_id, car_name: `Bus ${car_id}`, id: 100 + i, send_state: 1 })),
      } satisfies SendMessageResult;
    } else if (url.startsWith('/dispatch/api/logs/message') && url.includes('data=')) {
      const total = server.replies.length > 1 ? (server.replies.shift() ?? 0) : (server.replies[0] ?? 0);
      result = { total, rows: [] };
    } else if (url.startsWith('/dispatch/api/logs/message')) {
      result = { total: server.history.length, rows: server.history };
    } else if (url === '/api/system/snippet' && method === 'GET') result = { rows: server.snippets };
    else if (url === '/api/system/snippet' && method === 'POST') {
      const row = { id: nextSnippet++, company_id: 1, snippet: (body as { snippet: string }).snippet };
      server.snippets = [row, ...server.snippets];
      result = row;
    } else if (url.startsWith('/api/system/snippet/') && method === 'DELETE') {
      const id = Number(url.split('/').pop());
      server.snippets = server.snippets.filter((s) => s.id !== id);
    }
    return new Response(JSON.stringify({ code: 0, msg: 'ok', result }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return server;
}
