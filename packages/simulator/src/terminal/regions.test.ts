import { alarmFlags } from '@headway/protocol';
import { AreaAttributeMask, RouteSegmentAttributeMask, WarningMask } from '@headway/spec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestPlatform } from '../../test/platform.ts';
import type { MotionState } from '../motion/events.ts';
import { Rng } from '../motion/rng.ts';
import { contains, type Fence, fencesOf, RegionWatcher } from './regions.ts';
import { FleetStats } from './stats.ts';
import { VirtualTerminal } from './terminal.ts';

// Staten Island around the St. George ferry terminal: western hemisphere, so the hemisphere bits matter.
const square = [
  { lat: 40.65, lng: 74.08 },
  { lat: 40.65, lng: 74.06 },
  { lat: 40.63, lng: 74.06 },
  { lat: 40.63, lng: 74.08 },
];
const westPolygon = { msgId: 0x8604, body: { id: 7, attr: AreaAttributeMask.west, vertices: square } };
const inside = { lat: 40.64, lng: -74.07 };
const outside = { lat: 40.66, lng: -74.07 };

describe('region containment', () => {
  it('tells inside from outside for circles, rectangles, polygons and routes', () => {
    const circle: Fence = { kind: 1, id: 1, center: inside, radius: 500 };
    expect(contains(circle, { lat: 40.643, lng: -74.07 })).toBe(true);
    expect(contains(circle, { lat: 40.646, lng: -74.07 })).toBe(false);
    const rect: Fence = { kind: 2, id: 2, top: 40.65, left: -74.08, bottom: 40.63, right: -74.06 };
    expect(contains(rect, inside)).toBe(true);
    expect(contains(rect, outside)).toBe(false);
    const [polygon] = fencesOf([westPolygon]);
    expect(polygon).toBeDefined();
    expect(contains(polygon as Fence, inside)).toBe(true);
    expect(contains(polygon as Fence, outside)).toBe(false);
    // Without the west bit the same vertices lie in China's longitude: nothing here is inside.
    const [east] = fencesOf([{ msgId: 0x8604, body: { ...westPolygon.body, attr: 0 } }]);
    expect(contains(east as Fence, inside)).toBe(false);
    const route: Fence = {
      kind: 4,
      id: 3,
      points: [
        { lat: 40.64, lng: -74.08, width: 40 },
        { lat: 40.64, lng: -74.06, width: 40 },
      ],
    };
    expect(contains(route, { lat: 40.64015, lng: -74.07 })).toBe(true); // ~17 m off the line
    expect(contains(route, { lat: 40.6403, lng: -74.07 })).toBe(false); // ~33 m off
    expect(contains(route, { lat: 40.64, lng: -74.05 })).toBe(false); // beyond the end
  });

  it('reads every area of a circle list and the route hemisphere from the segment bits', () => {
    const fences = fencesOf([
      {
        msgId: 0x8600,
        body: {
          action: 1,
          areas: [
            { id: 1, attr: AreaAttributeMask.west, lat: 40.64, lng: 74.07, radius: 100 },
            { id: 2, attr: AreaAttributeMask.west, lat: 40.7, lng: 74.07, radius: 100 },
          ],
        },
      },
      {
        msgId: 0x8606,
        body: {
          id: 9,
          attr: 0,
          points: [
            { pointId: 1, segmentId: 1, lat: 40.64, lng: 74.08, width: 50, segAttr: RouteSegmentAttributeMask.west },
            { pointId: 2, segmentId: 2, lat: 40.64, lng: 74.06, width: 50, segAttr: RouteSegmentAttributeMask.west },
          ],
        },
      },
    ]);
    expect(fences.map((f) => [f.kind, f.id, contains(f, inside)])).toEqual([
      [1, 1, true],
      [1, 2, false],
      [4, 9, true],
    ]);
  });
});

describe('RegionWatcher', () => {
  it('reports a crossing once, not where the vehicle already was when the region arrived', () => {
    const w = new RegionWatcher();
    expect(w.observe([westPolygon], inside)).toEqual({ items: [], alarm: 0 });
    expect(w.observe([westPolygon], inside)).toEqual({ items: [], alarm: 0 });
    expect(w.observe([westPolygon], outside)).toEqual({
      items: [{ id: 0x12, areaType: 3, areaId: 7, direction: 1 }],
      alarm: WarningMask.areaInOut,
    });
    expect(w.observe([westPolygon], outside).items).toEqual([]);
    expect(w.observe([westPolygon], inside).items).toEqual([{ id: 0x12, areaType: 3, areaId: 7, direction: 0 }]);
  });

  it('raises the route bit for routes and forgets deleted regions', () => {
    const route = {
      msgId: 0x8606,
      body: {
        id: 4,
        attr: 0,
        points: [
          { pointId: 1, segmentId: 1, lat: 40.64, lng: 74.08, width: 50, segAttr: RouteSegmentAttributeMask.west },
          { pointId: 2, segmentId: 2, lat: 40.64, lng: 74.06, width: 50, segAttr: RouteSegmentAttributeMask.west },
        ],
      },
    };
    const w = new RegionWatcher();
    w.observe([route], outside);
    expect(w.observe([route], inside)).toEqual({
      items: [{ id: 0x12, areaType: 4, areaId: 4, direction: 0 }],
      alarm: WarningMask.routeInOut,
    });
    w.observe([], inside);
    // Sent again while inside: a first look, not an entry.
    expect(w.observe([route], inside).items).toEqual([]);
  });
});

describe('virtual terminal with regions over real TCP', () => {
  let platform: TestPlatform;
  let terminal: VirtualTerminal | undefined;
  beforeEach(async () => {
    platform = new TestPlatform();
    await platform.listen();
  });
  afterEach(async () => {
    terminal?.stop();
    await platform.close();
  });

  it('keeps a pushed polygon and reports leaving it with item 0x12 and warning bit 20, until deleted', async () => {
    let state: MotionState = {
      time: 1_800_000_000,
      ...inside,
      speed: 20,
      azimuth: 0,
      odometer: 1_000_000,
      accOn: true,
      doors: [false, false, false],
      phase: 'driving',
      tripId: 'T1',
      routeCode: 'S40',
      direction: 1,
      detourMetres: 0,
      stoppedFor: 0,
      passengers: { onboard: 0, onDay: 0, onTrip: 0, offTrip: 0, onLast: 0, offLast: 0 },
    };
    const phone = '013900000777';
    terminal = new VirtualTerminal({
      phone,
      version: 2013,
      terminalId: '0000777',
      plate: 'NY-0777',
      imei: '860000000000777',
      host: '127.0.0.1',
      port: platform.port,
      interval: 10,
      rng: new Rng(phone),
      stats: new FleetStats(),
      motion: () => state,
    });
    terminal.start();
    await terminal.whenOnline();
    const set = platform.command(phone, { msgId: 0x8604, body: westPolygon.body });
    await platform.waitFor((m) => m.msgId === 0x0001 && m.body.replyFlowId === set);
    terminal.report();
    state = { ...state, ...outside, time: state.time + 10 };
    terminal.report();
    const left = await platform.waitFor((m) => m.msgId === 0x0200 && m.body.items.some((i) => i.id === 0x12));
    if (left.msgId !== 0x0200) throw new Error('unreachable');
    expect(left.body.items.find((i) => i.id === 0x12)).toEqual({ id: 0x12, areaType: 3, areaId: 7, direction: 1 });
    expect(alarmFlags(left.body.alarmFlags).areaInOut).toBe(true);

    const del = platform.command(phone, { msgId: 0x8605, body: { ids: [7] } });
    await platform.waitFor((m) => m.msgId === 0x0001 && m.body.replyFlowId === del);
    expect(terminal.regions.size).toBe(0);
  });
});
