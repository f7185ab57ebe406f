import { AreaAttributeMask } from '@headway/spec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestPlatform } from '../../test/platform.ts';
import type { MotionState } from '../motion/events.ts';
import { Rng } from '../motion/rng.ts';
import { FleetStats } from './stats.ts';
import { VirtualTerminal } from './terminal.ts';

// A 2019 virtual terminal answers 0x8608 with 0x0608 from the regions it was sent, over real TCP.

const state: MotionState = {
  time: 1_800_000_000,
  lat: 22.54,
  lng: 114.06,
  speed: 0,
  azimuth: 0,
  odometer: 1_000_000,
  accOn: true,
  doors: [false, false, false],
  phase: 'driving',
  tripId: 'T1',
  routeCode: 'M1',
  direction: 1,
  detourMetres: 0,
  stoppedFor: 0,
  passengers: { onboard: 0, onDay: 0, onTrip: 0, offTrip: 0, onLast: 0, offLast: 0 },
};

const circles = [
  { id: 1, attr: 0, lat: 22.54, lng: 114.06, radius: 300, name: 'Depot' },
  { id: 2, attr: AreaAttributeMask.west, lat: 40.64, lng: 74.07, radius: 100, name: 'Ferry' },
];
const polygon = {
  id: 7,
  attr: 0,
  vertices: [
    { lat: 22.55, lng: 114.05 },
    { lat: 22.55, lng: 114.07 },
    { lat: 22.53, lng: 114.07 },
  ],
  name: 'Yard',
};

describe('virtual terminal answering 0x8608', () => {
  let platform: TestPlatform;
  let terminal: VirtualTerminal | undefined;
  const phone = '01390000000000000888';
  beforeEach(async () => {
    platform = new TestPlatform();
    await platform.listen();
    terminal = new VirtualTerminal({
      phone,
      version: 2019,
      terminalId: '0000888',
      plate: 'SZ-0888',
      imei: '860000000000888',
      host: '127.0.0.1',
      port: platform.port,
      interval: 60,
      rng: new Rng(phone),
      stats: new FleetStats(),
      motion: () => state,
    });
    terminal.start();
    await terminal.whenOnline();
  });
  afterEach(async () => {
    terminal?.stop();
    await platform.close();
  });

  const sendAndAck = async (message: Parameters<TestPlatform['command']>[1]) => {
    const flowId = platform.command(phone, message);
    await platform.waitFor((m) => m.msgId === 0x0001 && m.body.replyFlowId === flowId);
  };
  const ask = async (type: number, ids: number[]) => {
    const seen = platform.received.length;
    platform.command(phone, { msgId: 0x8608, body: { type, ids } });
    return platform.waitFor((m) => m.msgId === 0x0608 && platform.received.indexOf(m) >= seen);
  };

  it('answers every held area of the asked kind, or the named ones, and nothing once deleted', async () => {
    await sendAndAck({ msgId: 0x8600, body: { action: 1, areas: circles } });
    await sendAndAck({ msgId: 0x8604, body: polygon });

    const all = await ask(1, []);
    expect(all.msgId === 0x0608 && all.body).toEqual({ type: 1, items: circles });
    const one = await ask(1, [2]);
    expect(one.msgId === 0x0608 && one.body).toEqual({ type: 1, items: [circles[1]] });
    const polygons = await ask(3, []);
    expect(polygons.msgId === 0x0608 && polygons.body).toEqual({ type: 3, items: [polygon] });
    const routes = await ask(4, []);
    expect(routes.msgId === 0x0608 && routes.body).toEqual({ type: 4, items: [] });

    await sendAndAck({ msgId: 0x8605, body: { ids: [7] } });
    const gone = await ask(3, [7]);
    expect(gone.msgId === 0x0608 && gone.body).toEqual({ type: 3, items: [] });
  });

  it('refuses a query type outside 1–4 with 0x0001 result 3', async () => {
    const flowId = platform.command(phone, { msgId: 0x8608, body: { type: 9, ids: [] } });
    const refused = await platform.waitFor((m) => m.msgId === 0x0001 && m.body.replyFlowId === flowId);
    expect(refused.msgId === 0x0001 && refused.body).toEqual({ replyFlowId: flowId, replyMsgId: 0x8608, result: 3 });
  });
});
