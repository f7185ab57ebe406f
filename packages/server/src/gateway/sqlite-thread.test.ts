import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, type TestStore } from '../../test/helpers/database.ts';
import { trackDb } from '../tracks/schema.ts';
import type { Gateway } from './gateway.ts';
import { busFix, seedDevices, startTestGateway } from './testing/fixture.ts';
import { TestTerminal } from './testing/terminal.ts';

// The optional SQLite writer thread (HEADWAY_GATEWAY_SQLITE_THREAD=1) keeps the same ack-after-commit contract.
describe('gateway with the SQLite writer thread', () => {
  let t: TestStore;
  let gateway: Gateway;
  let term: TestTerminal | undefined;

  beforeEach(async () => {
    t = await createTestStore('sqlite');
    await seedDevices(t.store, ['013800138000']);
    gateway = await startTestGateway(t.store, { sqliteWriterThread: true });
  });
  afterEach(async () => {
    term?.close();
    await gateway.stop();
    await t.drop();
  });

  it('acks 0x0200 and 0x0704 only after the thread committed them', async () => {
    term = await TestTerminal.connect(gateway.ports.jt808, '013800138000');
    const { token } = await term.register();
    expect(await term.authenticate(token ?? '')).toBe(0);
    const now = Math.floor(Date.now() / 1000);
    const release = gateway.writer.hold();
    const one = term.send({ msgId: 0x0200, body: busFix(now) });
    await expect(term.ackOf(one, 200)).rejects.toThrow();
    release();
    await term.ackOf(one);
    const batch = term.send({ msgId: 0x0704, body: { type: 0, locations: [busFix(now - 20), busFix(now - 10)] } });
    await term.ackOf(batch);
    const rows = await trackDb(t.store.db).selectFrom('positions').select('event_time').execute();
    expect(rows.map((r) => r.event_time).sort()).toEqual([now - 20, now - 10, now]);
  });
});
