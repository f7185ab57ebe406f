import { EventEmitter } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { SessionContext } from '../auth/session-context.ts';
import { Broker } from './broker.ts';
import { InProcessBus } from './bus.ts';
import { DEFAULT_LIVE_OPTIONS } from './options.ts';

// The broker without sockets: fake WebSockets record what is written, so delivery details are visible.

class FakeSocket extends EventEmitter {
  sent: (string | Buffer)[] = [];
  bufferedAmount = 0;
  closedWith: number | undefined;
  send(data: string | Buffer): void {
    this.sent.push(data);
  }
  close(code: number): void {
    this.closedWith = code;
  }
  receive(text: string): void {
    this.emit('message', Buffer.from(text));
  }
}

function session(userId: number, companyId = 1): SessionContext {
  return { sessionId: userId, userId, companyId, account: `u${userId}`, roleId: 1, roleFlag: '@User', permissions: {} };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Broker delivery', () => {
  const bus = new InProcessBus();
  const broker = new Broker({
    options: DEFAULT_LIVE_OPTIONS,
    bus,
    authenticate: async (token) => session(Number(token)),
    onHeartbeat: async () => {},
    onInternalError: () => {},
  });
  afterAll(() => broker.close());

  async function subscribed(token: string, subscriptionId: string): Promise<FakeSocket> {
    const socket = new FakeSocket();
    broker.accept(socket as unknown as WebSocket);
    socket.receive(`CONNECT\naccept-version:1.2\ntoken:${token}\n\n\0`);
    socket.receive(`SUBSCRIBE\nid:${subscriptionId}\ndestination:/topic/notify.1\n\n\0`);
    await tick();
    socket.sent = [];
    return socket;
  }

  it('builds one frame per distinct subscription id and writes the same bytes to every socket', async () => {
    const a = await subscribed('1', 'sub-0');
    const b = await subscribed('2', 'sub-0');
    const c = await subscribed('3', 'other');
    bus.publish({ companyId: 1, event: { cmd: 'plan', data: { id: 1 } } });
    expect(a.sent[0]).toBe(b.sent[0]);
    expect(c.sent[0]).not.toBe(a.sent[0]);
    expect(String(c.sent[0])).toContain('subscription:other\n');
    expect(String(a.sent[0])).toMatch(/\n\n\{"cmd":"plan","data":\{"id":1\}\}\0$/);
  });

  it('drops a client too far behind with ERROR slow consumer', async () => {
    const slow = await subscribed('4', 'sub-0');
    slow.bufferedAmount = DEFAULT_LIVE_OPTIONS.maxBufferedBytes + 1;
    bus.publish({ companyId: 1, event: { cmd: 'plan', data: null } });
    expect(String(slow.sent.at(-1))).toMatch(/^ERROR\nmessage:slow consumer\n/);
    expect(slow.closedWith).toBe(1013);
  });

  it('delivers nothing to another company', async () => {
    const socket = await subscribed('5', 'sub-0');
    bus.publish({ companyId: 2, event: { cmd: 'plan', data: null } });
    expect(socket.sent).toEqual([]);
  });
});
