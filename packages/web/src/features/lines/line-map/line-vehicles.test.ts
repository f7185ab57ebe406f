import type { LineHeadways, OwnLine, RealData } from '@headway/server/contract';
import { DISPLAY_STATES, StateMask } from '@headway/spec';
import { describe, expect, it } from 'vitest';
import { lineVehicles } from './line-vehicles';
import { LiveFixes } from './live-fixes';
import { EMPTY_ROSTER, rosterOf } from './roster';

const NOW = 1_763_780_000;

function direction(direction: number, origin: string, terminal: string) {
  return {
    direction,
    origin,
    terminal,
    path: '',
    style: { strokeColor: '#f00', strokeWeight: 3, strokeOpacity: 1 },
    stations: [0, 500, 1000, 1500, 2000].map((distance, i) => ({
      id: direction * 100 + i,
      serial: i + 1,
      station_name: `${origin}${i + 1}`,
      distance,
      lat: 0,
      lng: 0,
    })),
  };
}

const line: OwnLine = {
  route_id: 7,
  route_code: 'S40',
  route_name: 'S40',
  category: 0,
  directions: [direction(1, 'A', 'B'), direction(2, 'B', 'A')],
};

function fix(imei: string, route: RealData['route'], et = NOW - 5, speed = 20): RealData {
  return { imei, lat: 0, lng: 0, v: speed, a: 0, s: StateMask.online | StateMask.accOn, w: 0, et, rt: et, route };
}

const roster = rosterOf([
  {
    gid: 'rS40',
    pid: '',
    node_type: 1,
    label: 'S40',
    node_data: { route_code: 'S40', imei: '' },
    online: 1,
    total: 2,
    children: [
      {
        gid: 'c1',
        pid: 'rS40',
        node_type: 2,
        label: '8201',
        node_data: { route_code: 'S40', imei: 'i1', car_id: 1 },
        online: 1,
        total: 1,
        state: 'running',
      },
      {
        gid: 'c2',
        pid: 'rS40',
        node_type: 2,
        label: '8202',
        node_data: { route_code: 'S40', imei: 'i2', car_id: 2 },
        online: 0,
        total: 1,
        state: 'offline',
      },
    ],
  },
]);

const describe_ = (name: string, state: string) => `${name}: ${state}`;

function headways(): LineHeadways {
  return {
    route_code: 'S40',
    computed_at: NOW,
    regularity: 0.3,
    samples: 12,
    directions: [
      {
        direction: 1,
        scheduled: 600,
        regularity: 0.3,
        samples: 12,
        vehicles: [
          {
            car_id: 1,
            car_name: '8201',
            imei: 'i1',
            serial: 4,
            distance: 1750,
            headway: null,
            scheduled: 600,
            state: 'unknown',
          },
          {
            car_id: 2,
            car_name: '8202',
            imei: 'i2',
            serial: 3,
            distance: 1250,
            headway: 90,
            scheduled: 600,
            state: 'bunching',
          },
          {
            car_id: 9,
            car_name: '8209',
            imei: 'i9',
            serial: 1,
            distance: 250,
            headway: 700,
            scheduled: 600,
            state: 'ok',
          },
        ],
      },
      { direction: 2, scheduled: null, regularity: null, samples: 0, vehicles: [] },
    ],
  };
}

describe('the line map’s vehicles', () => {
  it('places live reports by route progress and the polled ones by distance, with a gap per consecutive pair', () => {
    const fixes = new Map([['i1', fix('i1', { code: 'S40', dir: 1, sn: 2, dt: NOW - 60, dist: 100 })]]);
    const out = lineVehicles({ line, fixes, roster, headways: headways(), now: NOW, describe: describe_ });
    const byKey = new Map(out.vehicles.map((v) => [v.key, v]));
    // The live report wins over the poll's older place: 400 m into the 500 m leg after station 2.
    expect(byKey.get('i1')?.placement).toEqual({ field: null, pos: 1.8 });
    expect(byKey.get('i1')?.colour).toBe(DISPLAY_STATES.running.hex);
    expect(byKey.get('i2')?.placement).toEqual({ field: null, pos: 2.5 });
    expect(byKey.get('i2')?.colour).toBe(DISPLAY_STATES.offline.hex);
    // Not in the roster (another line's bus running this one): named by the poll.
    expect(byKey.get('i9')?.car_name).toBe('8209');
    expect(out.gaps).toEqual([
      { direction: 1, behind: 'i2', ahead: 'i1', headway: 90, scheduled: 600, state: 'bunching' },
      { direction: 1, behind: 'i9', ahead: 'i2', headway: 700, scheduled: 600, state: 'ok' },
    ]);
    expect(out.running).toBe(3);
    expect(out.inFields).toBe(0);
  });

  it('puts vehicles at the ends in the terminal fields and leaves out stale, other-line and unplaced reports', () => {
    const fixes = new Map([
      ['i1', fix('i1', { code: 'S40', dir: 1, sn: 5 })],
      ['i2', fix('i2', { code: 'S40', dir: 2, sn: 0 })],
      ['i3', fix('i3', { code: 'S40', dir: 1, sn: 2, dt: 1, dist: 10 }, NOW - 3600)],
      ['i4', fix('i4', { code: 'S42', dir: 1, sn: 2 })],
      ['i5', fix('i5', undefined)],
      ['i6', fix('i6', { code: 'S40', dir: 3, sn: 2 })],
    ]);
    const out = lineVehicles({ line, fixes, roster: EMPTY_ROSTER, headways: undefined, now: NOW, describe: describe_ });
    expect(out.vehicles.map((v) => [v.key, v.placement.field])).toEqual([
      ['i1', 'second'],
      ['i2', 'second'],
    ]);
    expect(out).toMatchObject({ running: 0, inFields: 2, gaps: [] });
  });

  it('ignores a headway answer for another line', () => {
    const out = lineVehicles({
      line: { ...line, route_code: 'S42' },
      fixes: new Map(),
      roster,
      headways: headways(),
      now: NOW,
      describe: describe_,
    });
    expect(out.vehicles).toEqual([]);
  });
});

describe('live reports per line', () => {
  it('notifies only the lines a batch touched, and moves a vehicle between lines', () => {
    const store = new LiveFixes();
    let s40 = 0;
    let s42 = 0;
    store.subscribe('S40', () => s40++);
    store.subscribe('S42', () => s42++);
    const home = (imei: string) => roster.byImei.get(imei)?.route_code;
    store.apply([fix('i1', { code: 'S40', dir: 1, sn: 2 })], home);
    const first = store.snapshot('S40');
    expect([s40, s42]).toEqual([1, 0]);
    // No route progress: counted on its own line.
    store.apply([fix('i2', undefined)], home);
    expect(store.snapshot('S40').has('i2')).toBe(true);
    expect(first.has('i2')).toBe(false);
    store.apply([fix('i1', { code: 'S42', dir: 1, sn: 1 }, NOW)], home);
    expect([s40, s42]).toEqual([3, 1]);
    expect(store.snapshot('S40').has('i1')).toBe(false);
    expect(store.snapshot('S42').get('i1')?.route?.code).toBe('S42');
    // An older report does not move it back.
    store.apply([fix('i1', { code: 'S40', dir: 1, sn: 2 }, NOW - 100)], home);
    expect(store.snapshot('S42').has('i1')).toBe(true);
    expect([s40, s42]).toEqual([3, 1]);
  });
});
