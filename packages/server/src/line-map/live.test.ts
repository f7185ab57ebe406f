import type { Client } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadwayClient } from '../../test/helpers/client.ts';
import { seedCompany } from '../../test/helpers/server.ts';
import type { LineHeadways, TrafficChange, TrafficRow } from '../contract/line-map.ts';
import { insertStationEvents } from '../departures/queries.ts';
import { stationEvent } from '../departures/testing/station-event.ts';
import { epochSeconds } from '../kernel/time.ts';
import { LIVE_TEST_PASSWORD, type LiveServer, startLiveServer } from '../live/testing/live-server.ts';
import { mustConnect } from '../live/testing/stomp-client.ts';
import { onRoute, type SeededLine, seedLine, seedVehicle } from './testing/fixture.ts';

// The line map with the live module mounted: a traffic change reaches every console of the company over STOMP
// (the real @stomp/stompjs client), and no other company's; headways read the live module's latest positions.

async function until(check: () => boolean): Promise<void> {
  // The messages arrive over a socket: poll for them (bounded) rather than wait a fixed time.
  for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error('timed out waiting for live messages');
}

describe('line map with the live channel', () => {
  let server: LiveServer;
  let otherCompany = 0;
  let dispatcher: HeadwayClient;
  let otherAdmin: HeadwayClient;
  let t1: SeededLine;
  let o1: SeededLine;
  const clients: Client[] = [];

  async function login(account: string): Promise<HeadwayClient> {
    const client = new HeadwayClient(server.httpUrl, '/api', () => server.clock.now());
    const reply = await client.login(account, LIVE_TEST_PASSWORD);
    if (reply.code !== 0) throw new Error(`login ${account}: ${reply.code}`);
    return client;
  }

  /** Subscribes to the company topic and resolves once the server confirmed the subscription (RECEIPT). */
  async function listen(client: HeadwayClient, companyId: number) {
    const stomp = await mustConnect(server.wsUrl, client.token);
    clients.push(stomp);
    const receipt = `sub-${clients.length}`;
    const confirmed = new Promise<void>((resolve) => stomp.watchForReceipt(receipt, () => resolve()));
    const messages: { cmd: string; data: unknown }[] = [];
    stomp.subscribe(`/topic/notify.${companyId}`, (m) => messages.push(JSON.parse(m.body)), { receipt });
    await confirmed;
    return { traffic: () => messages.filter((m) => m.cmd === 'traffic').map((m) => m.data as TrafficChange) };
  }

  beforeAll(async () => {
    server = await startLiveServer();
    otherCompany = (await seedCompany(server.store, 'Other Transit', 'other-admin')).companyId;
    t1 = await seedLine(server.store.db, server.demoCompanyId, 'T1', { stations: 4 });
    o1 = await seedLine(server.store.db, otherCompany, 'T1', { stations: 2 });
    dispatcher = await login('dispatcher');
    otherAdmin = await login('other-admin');
  });
  afterAll(async () => {
    for (const client of clients) await client.deactivate({ force: true });
    await server.close();
  });

  it('pushes each traffic change to the company’s consoles, and only to them', async () => {
    const own = await listen(await login('admin'), server.demoCompanyId);
    const other = await listen(otherAdmin, otherCompany);
    const station = t1.stations.get('1/2') ?? 0;
    const set = (client: HeadwayClient, key: number, traffic_status: number) =>
      client.put<TrafficRow>('/dispatch/traffic', { key, traffic_status });

    const jam = await set(dispatcher, station, 3);
    expect(jam.code).toBe(0);
    await until(() => own.traffic().length === 1);
    expect(own.traffic()).toEqual([
      { key: station, route_code: 'T1', traffic_status: 3, updated_at: epochSeconds(server.clock) },
    ]);

    // The same state again is no change and no message; the next change is (POST as well as PUT).
    expect((await set(dispatcher, station, 3)).code).toBe(0);
    expect((await dispatcher.post('/dispatch/traffic', { key: station, traffic_status: 1 })).code).toBe(0);
    // The other company's change goes to its consoles alone; a later change of ours proves we did not get it.
    expect((await set(otherAdmin, o1.stations.get('1/1') ?? 0, 2)).code).toBe(0);
    await until(() => other.traffic().length === 1);
    expect((await set(dispatcher, station, 2)).code).toBe(0);
    await until(() => own.traffic().length === 3);
    expect(own.traffic().map((c) => [c.key, c.traffic_status])).toEqual([
      [station, 3],
      [station, 1],
      [station, 2],
    ]);
    expect(other.traffic().map((c) => [c.key, c.route_code, c.traffic_status])).toEqual([
      [o1.stations.get('1/1'), 'T1', 2],
    ]);
  });

  it('computes headways from the live module’s latest positions', async () => {
    const now = epochSeconds(server.clock);
    const db = server.store.db;
    const ahead = await seedVehicle(db, server.demoCompanyId, {
      carName: 'L1',
      imei: '862000000000001',
      lineId: t1.lineId,
    });
    await seedVehicle(db, server.demoCompanyId, { carName: 'L2', imei: '862000000000002', lineId: t1.lineId });
    await insertStationEvents(
      db,
      [
        [1, -600],
        [2, -400],
      ].map(([serial, t]) =>
        stationEvent(now + (t ?? 0), {
          company_id: server.demoCompanyId,
          car_id: ahead,
          route_code: 'T1',
          direction: 1,
          serial,
          flag: 2,
        }),
      ),
    );
    server.live.publishPositions(server.demoCompanyId, [
      onRoute('862000000000001', now, { code: 'T1', dir: 1, sn: 3, dist: 500 }),
      onRoute('862000000000002', now, { code: 'T1', dir: 1, sn: 2, dist: 1000 }),
    ]);
    const reply = await dispatcher.get<LineHeadways>('/dispatch/headways?route_code=T1');
    expect(reply.code).toBe(0);
    const up = reply.result.directions.find((d) => d.direction === 1);
    // No timetable on this line: the headway is measured, its state unknown.
    expect(up?.vehicles.map((v) => [v.car_name, v.distance, v.headway, v.state])).toEqual([
      ['L1', 2500, null, 'unknown'],
      ['L2', 1000, 400, 'unknown'],
    ]);
  });
});
