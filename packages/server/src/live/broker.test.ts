import { EventEmitter } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { SessionContext } from '../auth/session-context.ts';
import { Broker } from './broker.ts';
import { InProcessBus } from './bus.ts';
import { DEFAULT_LIVE_OPTIONS } from './options.ts';
import type { RealData } from './real-data.ts';
import type { LiveScopes, VehicleScope } from './scope.ts';

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

// Users 10 and 11 share the scope "vehicles A*", user 12 has "vehicles B*"; everyone else sees the whole company.
// (The console rule over the store is ConsoleScopes, exercised end to end in live.test.ts.)
const prefixScope = (prefix: string): VehicleScope => ({ key: prefix, allows: (imei) => imei.startsWith(prefix) });
const scopeA = prefixScope('A');
const scopeB = prefixScope('B');
const scopes: LiveScopes = {
  prepare: async () => {},
  scopeOf: (s) => (s.userId === 10 || s.userId === 11 ? scopeA : s.userId === 12 ? scopeB : undefined),
};

function position(imei: string): RealData {
  return { imei, lat: 1, lng: 2, v: 0, a: 0, s: 0, w: 0, et: 100, rt: 100 };
}

describe('Broker delivery', () => {
  const bus = new InProcessBus();
  const broker = new Broker({
    options: DEFAULT_LIVE_OPTIONS,
    bus,
    authenticate: async (token) => session(Number(token)),
    scope: scopes,
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

  it('filters gps batches per scope, serialising once per scope, and skips a scope with nothing in the batch', async () => {
    const whole = await subscribed('6', 'sub-0');
    const a1 = await subscribed('10', 'sub-0');
    const a2 = await subscribed('11', 'sub-0');
    const b = await subscribed('12', 'sub-0');
    bus.publish({ companyId: 1, event: { cmd: 'gps', data: [position('A1'), position('C1'), position('A2')] } });
    const body = (frame: string | Buffer | undefined) => JSON.parse(String(frame).split('\n\n')[1]?.slice(0, -1) ?? '');
    expect(body(whole.sent[0]).data.map((p: RealData) => p.imei)).toEqual(['A1', 'C1', 'A2']);
    expect(body(a1.sent[0]).data.map((p: RealData) => p.imei)).toEqual(['A1', 'A2']);
    // The same bytes for both users of scope A: one filtered body, one frame.
    expect(a2.sent[0]).toBe(a1.sent[0]);
    expect(b.sent).toEqual([]);
    // Dispatch events are not vehicle positions: every subscriber gets them.
    bus.publish({ companyId: 1, event: { cmd: 'plan', data: null } });
    expect(b.sent).toHaveLength(1);
  });

  it('delivers nothing to another company', async () => {
    const socket = await subscribed('5', 'sub-0');
    bus.publish({ companyId: 2, event: { cmd: 'plan', data: null } });
    expect(socket.sent).toEqual([]);
  });
});
