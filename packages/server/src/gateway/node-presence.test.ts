import { isDeepStrictEqual } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import { trackDb } from '../tracks/schema.ts';
import type { Gateway } from './gateway.ts';
import { seedDevices, startTestGateway } from './testing/fixture.ts';
import { TestTerminal } from './testing/terminal.ts';

// Several gateway nodes on one database: presence is per node (devices.gateway_node), so a node starting or
// stopping leaves the terminals another live node holds online.

const ONE = '013800140001';
const TWO = '013800140002';

describe.each(ENGINES)('gateway presence across nodes on %s', (engine) => {
  let t: TestStore;
  const gateways: Gateway[] = [];
  const terminals: TestTerminal[] = [];

  async function online(gateway: Gateway, phone: string): Promise<TestTerminal> {
    const term = await TestTerminal.connect(gateway.ports.jt808, phone);
    terminals.push(term);
    const reg = await term.register();
    expect(await term.authenticate(reg.token ?? '')).toBe(0);
    return term;
  }

  async function start(nodeId: string): Promise<Gateway> {
    const gateway = await startTestGateway(t.store, { nodeId, multiNode: true });
    gateways.push(gateway);
    return gateway;
  }

  const presence = async () =>
    Object.fromEntries(
      (
        await trackDb(t.store.db)
          .selectFrom('devices')
          .select(['terminal_phone', 'online', 'gateway_node'])
          .where('terminal_phone', 'in', [ONE, TWO])
          .execute()
      ).map((d) => [d.terminal_phone, [d.online, d.gateway_node]]),
    );

  async function until(expected: Record<string, unknown>): Promise<void> {
    const end = Date.now() + 3000;
    while (!isDeepStrictEqual(await presence(), expected) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await presence()).toEqual(expected);
  }

  beforeEach(async () => {
    t = await createTestStore(engine);
    await seedDevices(t.store, [ONE, TWO]);
  });
  afterEach(async () => {
    for (const term of terminals.splice(0)) term.close();
    for (const gateway of gateways.splice(0)) await gateway.stop();
    await t.drop();
  });

  it('marks offline at start only the devices this node held', async () => {
    const n1 = await start('n1');
    const n2 = await start('n2');
    await online(n1, ONE);
    await online(n2, TWO);
    await until({ [ONE]: [1, 'n1'], [TWO]: [1, 'n2'] });

    // n1 dies without stopping (its rows stay online) and comes back: its terminal is not connected to it any
    // more, n2's still is.
    const restarted = await start('n1');
    expect(restarted).toBeDefined();
    await until({ [ONE]: [0, null], [TWO]: [1, 'n2'] });
  });

  it('stopping a node leaves the other node’s terminals online', async () => {
    const n1 = await start('n1');
    const n2 = await start('n2');
    await online(n1, ONE);
    await online(n2, TWO);
    await until({ [ONE]: [1, 'n1'], [TWO]: [1, 'n2'] });
    await n1.stop();
    gateways.splice(gateways.indexOf(n1), 1);
    await until({ [ONE]: [0, null], [TWO]: [1, 'n2'] });
  });

  it('a terminal that moved to another node stays online when the old session ends', async () => {
    const n1 = await start('n1');
    const n2 = await start('n2');
    const old = await online(n1, ONE);
    await until({ [ONE]: [1, 'n1'], [TWO]: [0, null] });
    // Reconnected through another node before n1 noticed the old socket (a dead NAT mapping, say).
    await online(n2, ONE);
    await until({ [ONE]: [1, 'n2'], [TWO]: [0, null] });
    old.close();
    await old.waitClosed();
    await new Promise((r) => setTimeout(r, 200));
    await until({ [ONE]: [1, 'n2'], [TWO]: [0, null] });
  });

  it('clears devices left online by a gateway older than per-node presence', async () => {
    await trackDb(t.store.db).updateTable('devices').set({ online: 1, gateway_node: null }).execute();
    await start('n1');
    await until({ [ONE]: [0, null], [TWO]: [0, null] });
  });

  it('alone on its database (no NATS), a gateway marks every device offline at start, whatever node held it', async () => {
    await trackDb(t.store.db).updateTable('devices').set({ online: 1, gateway_node: 'old-hostname:7611' }).execute();
    gateways.push(await startTestGateway(t.store, { nodeId: 'new-hostname:7611' }));
    await until({ [ONE]: [0, null], [TWO]: [0, null] });
  });
});
