import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import type { Gateway } from './gateway.ts';
import { seedDevices, startTestGateway } from './testing/fixture.ts';
import { TestTerminal } from './testing/terminal.ts';

// The authentication deadline is the terminal's own time: a registration stuck behind a slow store (here a lock
// on the devices table) is not held against it. PostgreSQL only: a lock that blocks one connection's queries
// while the event loop keeps running needs a server database.
describe.skipIf(!ENGINES.includes('postgres'))('gateway: auth deadline excludes time waiting on the store', () => {
  let t: TestStore;
  let gateway: Gateway;
  const terminals: TestTerminal[] = [];
  const PHONE = '013800150000';

  beforeEach(async () => {
    t = await createTestStore('postgres');
    await seedDevices(t.store, [PHONE]);
    gateway = await startTestGateway(t.store, { authTimeoutMs: 300, sweepIntervalMs: 50 });
  });
  afterEach(async () => {
    for (const term of terminals.splice(0)) term.close();
    await gateway.stop();
    await t.drop();
  });

  it('keeps a connection whose registration waited longer than the deadline, and lets it authenticate', async () => {
    if (!('databaseUrl' in t.location)) throw new Error('expected PostgreSQL');
    const locker = new pg.Client({ connectionString: t.location.databaseUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE devices IN ACCESS EXCLUSIVE MODE');
    const term = await TestTerminal.connect(gateway.ports.jt808, PHONE);
    terminals.push(term);
    const registering = term.register();
    await new Promise((r) => setTimeout(r, 1000));
    expect(term.closed).toBe(false);
    await locker.query('COMMIT');
    await locker.end();
    const { result, token } = await registering;
    expect(result).toBe(0);
    expect(await term.authenticate(token ?? '')).toBe(0);
    expect(gateway.metrics.closedUnauthenticated).toBe(0);

    // The terminal's own silence still counts.
    const silent = await TestTerminal.connect(gateway.ports.jt808, PHONE);
    terminals.push(silent);
    await silent.waitClosed(2000);
    expect(gateway.metrics.closedUnauthenticated).toBe(1);
  });
});
