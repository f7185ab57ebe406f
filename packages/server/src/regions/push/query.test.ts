import type { RegionQueryAnswer } from '@headway/protocol';
import { AreaAttributeMask as Area, RouteSegmentAttributeMask as Segment } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import { type CommandServer, startCommandServer, withData } from '../../commands/device/testing/server.ts';
import { commandDb } from '../../commands/schema.ts';
import type { RegionQueryResult } from '../../contract/region-pushes.ts';
import type { Received, TestTerminal } from '../../gateway/testing/terminal.ts';

// What a terminal holds, end to end: HTTP → API → gateway → a real TCP terminal answering 0x8608 with 0x0608 (no
// reply flow id, matched by message id) → signed degrees in the API's snake_case rows.

const TIMEOUT_MS = 1000;
const SOUTH_WEST = Area.south | Area.west;

/** What the test terminal holds, by query type. */
const HELD: { [T in RegionQueryAnswer['type']]: Extract<RegionQueryAnswer, { type: T }>['items'] } = {
  1: [
    { id: 11, attr: 0, lat: 22.543, lng: 114.057, radius: 300 },
    {
      id: 12,
      attr: SOUTH_WEST | Area.speedLimit,
      lat: 33.45,
      lng: 70.66,
      radius: 150,
      maxSpeed: 40,
      overspeedDuration: 10,
    },
  ],
  2: [
    {
      id: 21,
      attr: Area.timeWindow,
      topLat: 22.55,
      leftLng: 114.05,
      bottomLat: 22.53,
      rightLng: 114.07,
      start: '000000080000',
      end: '000000200000',
    },
  ],
  3: [
    {
      id: 31,
      attr: 0,
      vertices: [
        { lat: 13.75, lng: 100.5 },
        { lat: 13.76, lng: 100.5 },
        { lat: 13.76, lng: 100.51 },
      ],
    },
    {
      id: 32,
      attr: 0,
      vertices: [
        { lat: 1, lng: 2 },
        { lat: 1, lng: 3 },
        { lat: 2, lng: 3 },
      ],
    },
  ],
  4: [
    {
      id: 41,
      attr: 0,
      points: [
        { pointId: 1, segmentId: 1, lat: 22.5, lng: 114, width: 60, segAttr: 0 },
        {
          pointId: 2,
          segmentId: 1,
          lat: 0.5,
          lng: 114.1,
          width: 60,
          segAttr: Segment.south | Segment.speedLimit,
          maxSpeed: 50,
          overspeedDuration: 5,
        },
      ],
    },
  ],
};

describe.each(ENGINES)('query what a terminal holds on %s', (engine) => {
  let server: CommandServer;
  let admin: HeadwayClient;
  let terminal: TestTerminal;
  const seen: Received[] = [];
  /** How the terminal answers: its holdings, a 0x0001 refusal, or an answer about another kind. */
  let mode: 'answer' | 'refuse' | 'other-kind' = 'answer';

  beforeAll(async () => {
    server = await startCommandServer(engine, { commandTimeoutMs: TIMEOUT_MS });
    admin = await server.admin();
    terminal = await server.connect(server.fleet.bus1.phone);
    terminal.onMessage = (m) => {
      if (m.msgId !== 0x8608) return;
      seen.push(m);
      if (mode === 'refuse') {
        terminal.send({ msgId: 0x0001, body: { replyFlowId: m.header.flowId, replyMsgId: 0x8608, result: 3 } });
        return;
      }
      const type = (mode === 'other-kind' ? (m.body.type % 4) + 1 : m.body.type) as RegionQueryAnswer['type'];
      const wanted = m.body.ids;
      const items = HELD[type].filter((a: { id: number }) => wanted.length === 0 || wanted.includes(a.id));
      terminal.send({ msgId: 0x0608, body: { type, items } as RegionQueryAnswer });
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  const query = (data: unknown) => admin.get<RegionQueryResult>(withData('/jtt1078/region/qry', data));
  const imei = () => server.fleet.bus1.imei;

  it('lists every circle with signed degrees and its limits, and logs the query', async () => {
    const res = await query({ imei: imei(), type: 1 });
    expect(res.code).toBe(0);
    const sent = seen.at(-1);
    expect(sent?.msgId === 0x8608 && sent.body).toEqual({ type: 1, ids: [] });
    expect(res.result).toEqual({
      type: 1,
      rows: [
        { id: 11, name: '', attr: 0, lat: 22.543, lng: 114.057, radius: 300 },
        {
          id: 12,
          name: '',
          attr: SOUTH_WEST | Area.speedLimit,
          lat: -33.45,
          lng: -70.66,
          radius: 150,
          max_speed: 40,
          overspeed_duration: 10,
        },
      ],
    });
    const logged = await commandDb(server.store.db)
      .selectFrom('dispatch_log')
      .select(['action', 'command', 'state'])
      .where('command', '=', 0x8608)
      .execute();
    expect(logged).toContainEqual({ action: 'region-query', command: 0x8608, state: 2 });
  });

  it('asks for the named ids only, for rectangles, polygons and routes', async () => {
    const rect = await query({ imei: imei(), type: 2 });
    expect(rect.result).toEqual({
      type: 2,
      rows: [
        {
          id: 21,
          name: '',
          attr: Area.timeWindow,
          top_left: { lat: 22.55, lng: 114.05 },
          bottom_right: { lat: 22.53, lng: 114.07 },
          start: '000000080000',
          end: '000000200000',
        },
      ],
    });
    const polygon = await query({ imei: imei(), type: 3, ids: [32] });
    const sent = seen.at(-1);
    expect(sent?.msgId === 0x8608 && sent.body).toEqual({ type: 3, ids: [32] });
    expect(polygon.result).toEqual({
      type: 3,
      rows: [
        {
          id: 32,
          name: '',
          attr: 0,
          points: [
            { lat: 1, lng: 2 },
            { lat: 1, lng: 3 },
            { lat: 2, lng: 3 },
          ],
        },
      ],
    });
    const route = await query({ imei: imei(), type: 4 });
    expect(route.result).toEqual({
      type: 4,
      rows: [
        {
          id: 41,
          name: '',
          attr: 0,
          points: [
            { point_id: 1, segment_id: 1, lat: 22.5, lng: 114, width: 60, seg_attr: 0 },
            {
              point_id: 2,
              segment_id: 1,
              lat: -0.5,
              lng: 114.1,
              width: 60,
              seg_attr: Segment.south | Segment.speedLimit,
              max_speed: 50,
              overspeed_duration: 5,
            },
          ],
        },
      ],
    });
  });

  it('answers 1101 for a refusal, an answer about another kind, and an offline terminal', async () => {
    mode = 'refuse';
    try {
      const refused = await query({ imei: imei(), type: 1 });
      expect(refused.code).toBe(1101);
      mode = 'other-kind';
      expect((await query({ imei: imei(), type: 1 })).code).toBe(1101);
    } finally {
      mode = 'answer';
    }
    expect((await query({ imei: server.fleet.bus2.imei, type: 1 })).code).toBe(1101);
    // The session still matches the next answer to the next query.
    expect((await query({ imei: imei(), type: 3, ids: [31] })).result.rows).toHaveLength(1);
  });

  it('refuses a bad payload (1004) and another company’s vehicle (1008) before sending', async () => {
    const before = seen.length;
    expect((await query({ imei: imei(), type: 5 })).code).toBe(1004);
    expect((await query({ imei: imei() })).code).toBe(1004);
    expect((await query({ imei: imei(), type: 1, ids: [-1] })).code).toBe(1004);
    expect((await query({ imei: server.fleet.other.imei, type: 1 })).code).toBe(1008);
    expect(seen.length).toBe(before);
  });
});
