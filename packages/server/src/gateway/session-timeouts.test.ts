import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, type TestStore } from '../../test/helpers/database.ts';
import { trackDb } from '../tracks/schema.ts';
import type { Gateway } from './gateway.ts';
import { busFix, seedDevices, startTestGateway } from './testing/fixture.ts';
import { TestTerminal } from './testing/terminal.ts';

// Session timers and the 2019 dialect; no engine-specific storage here, so SQLite alone.
describe('gateway sessions: timeouts and JT/T 808-2019', () => {
  let t: TestStore;
  let gateway: Gateway;
  const terminals: TestTerminal[] = [];
  const PHONE_2019 = '00000000013800138000';

  beforeEach(async () => {
    t = await createTestStore('sqlite');
    await seedDevices(t.store, ['013800138000', PHONE_2019]);
    gateway = await startTestGateway(t.store, {
      heartbeatSeconds: 1,
      idleHeartbeats: 1,
      authTimeoutMs: 300,
      sweepIntervalMs: 50,
    });
  });
  afterEach(async () => {
    for (const term of terminals.splice(0)) term.close();
    await gateway.stop();
    await t.drop();
  });

  it('closes a connection that never authenticates', async () => {
    const term = await TestTerminal.connect(gateway.ports.jt808, '013800138000');
    terminals.push(term);
    await term.waitClosed(2000);
  });

  it('keeps a terminal that heartbeats and closes it after a silent interval, marking it offline', async () => {
    const term = await TestTerminal.connect(gateway.ports.jt808, '013800138000');
    terminals.push(term);
    const { token } = await term.register();
    expect(await term.authenticate(token ?? '')).toBe(0);
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 400));
      await term.ackOf(term.send({ msgId: 0x0002, body: {} }));
    }
    expect(term.closed).toBe(false);
    await term.waitClosed(3000);
    expect(gateway.metrics.closedIdle).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    const device = await trackDb(t.store.db)
      .selectFrom('devices')
      .select('online')
      .where('terminal_phone', '=', '013800138000')
      .executeTakeFirstOrThrow();
    expect(device.online).toBe(0);
  });

  it('serves a 2019 terminal (20-digit phone, version flag) end to end', async () => {
    const term = await TestTerminal.connect(gateway.ports.jt808, PHONE_2019, 2019);
    terminals.push(term);
    const { result, token } = await term.register();
    expect(result).toBe(0);
    expect(await term.authenticate(token ?? '')).toBe(0);
    const now = Math.floor(Date.now() / 1000);
    const ack = await term.ackOf(term.send({ msgId: 0x0200, body: busFix(now) }));
    expect(ack.header.versionFlag).toBe(true);
    const row = await trackDb(t.store.db)
      .selectFrom('positions')
      .select(['terminal_phone', 'event_time'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ terminal_phone: PHONE_2019, event_time: now });
    const device = await trackDb(t.store.db)
      .selectFrom('devices')
      .select('protocol_version')
      .where('terminal_phone', '=', PHONE_2019)
      .executeTakeFirstOrThrow();
    expect(device.protocol_version).toBe('2019');
  });
});
