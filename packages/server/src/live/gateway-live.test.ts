import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../test/helpers/client.ts';
import type { Gateway } from '../gateway/gateway.ts';
import { busFix, seedDevices, startTestGateway } from '../gateway/testing/fixture.ts';
import { TestTerminal } from '../gateway/testing/terminal.ts';
import { startIngest } from '../ingest/module.ts';
import { trackDb } from '../tracks/schema.ts';
import type { RealData } from './real-data.ts';
import { LIVE_TEST_PASSWORD, type LiveServer, startLiveServer } from './testing/live-server.ts';
import { collect, mustConnect, sleep } from './testing/stomp-client.ts';

// Device to browser: a JT/T 808 terminal reports over TCP, the gateway commits it, the ingest turns it into
// real_data (a device with no vehicle: keyed by its terminal phone, no line progress), the console sees it.

const PHONE = '013800138000';

describe('gateway → live → console', () => {
  let server: LiveServer;
  let gateway: Gateway;
  let ingest: Awaited<ReturnType<typeof startIngest>>;

  beforeAll(async () => {
    server = await startLiveServer({ batchIntervalMs: 200 });
    const { deviceIds } = await seedDevices(server.store, [PHONE]);
    // The devices belong to the demo company, whose users the console logs in as.
    await trackDb(server.store.db)
      .updateTable('devices')
      .set({ company_id: server.demoCompanyId })
      .where('id', 'in', deviceIds)
      .execute();
    gateway = await startTestGateway(server.store);
    ingest = await startIngest(server.store, gateway, server.live, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await ingest.stop();
    await gateway.stop();
    await server.close();
  });

  it('delivers a committed report as real_data in the next gps batch', async () => {
    const user = new HeadwayClient(server.httpUrl, '/api', () => server.clock.now());
    await user.login('dispatcher', LIVE_TEST_PASSWORD);
    const client = await mustConnect(server.wsUrl, user.token);
    const gps = collect(client, `/topic/notify.${server.demoCompanyId}`);
    await sleep(50);

    const terminal = await TestTerminal.connect(gateway.ports.jt808, PHONE);
    const registered = await terminal.register();
    expect(await terminal.authenticate(registered.token ?? '')).toBe(0);
    const now = Math.floor(Date.now() / 1000);
    await terminal.ackOf(terminal.send({ msgId: 0x0200, body: busFix(now) }));

    const until = Date.now() + 3000;
    while (gps.messages.length === 0 && Date.now() < until) await sleep(20);
    const [event] = gps.bodies() as { cmd: string; data: RealData[] }[];
    expect(event?.cmd).toBe('gps');
    expect(event?.data[0]).toMatchObject({
      imei: PHONE,
      v: 32.5,
      a: 90,
      et: now,
      att: { sat: 11, gsm: 25, max_km: 1234.5 },
    });
    expect(event?.data[0]?.lat).toBeCloseTo(22.543, 5);
    // ACC + positioned from the terminal, online and running added.
    expect(event?.data[0]?.s).toBe(0b110011);
    terminal.close();
    await client.deactivate();
  });
});
