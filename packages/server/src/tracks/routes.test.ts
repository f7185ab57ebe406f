import { MULTIPLE_SEARCH_LIMIT_DEFAULT, PermissionBit, TRACK_MAX_SPAN_DAYS } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { stationEvent } from '../departures/testing/station-event.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { ROUTE_FILL_MAX_GAP_SECONDS } from './route-fill.ts';
import {
  IMEIS,
  point,
  startTrackFixture,
  storeEvents,
  storePoints,
  type TrackFixture,
  trackOf,
  trackUser,
} from './testing/track-fixture.ts';
import { TRACK_POINT_FIELDS } from './track-json.ts';

// POST /device/position on both engines, through the app over HTTP: time order per vehicle, the line filled from
// station events, the speed filter, the spec's limits and 1009, screens, consoles and company isolation.

// Yesterday 08:00 UTC: inside a day partition the migration made on PostgreSQL.
const T0 = Math.floor(Date.now() / 1000 / 86_400) * 86_400 - 86_400 + 8 * 3600;

describe.each(ENGINES)('POST /device/position on %s', (engine) => {
  let f: TrackFixture;
  let a101: number;
  let a201: number;
  let a301: number;

  beforeAll(async () => {
    f = await startTrackFixture(engine, { maxRows: 400, pageRows: 7 });
    a101 = f.cars.get('A-101') ?? 0;
    a201 = f.cars.get('A-201') ?? 0;
    a301 = f.cars.get('A-301') ?? 0;
    const A = f.companyA;
    // Written in receive order, the fleet interleaved, A-101's late (blind-area) points last.
    const rows = [];
    for (let i = 0; i < 30; i++) {
      rows.push(point(A, a201, T0 + i * 10, { speed: i % 3 === 0 ? 0 : 25 }));
      if (i >= 5) rows.push(point(A, a101, T0 + i * 10, { speed: i % 2 === 0 ? 0 : 0.5 + i }));
    }
    for (let i = 0; i < 5; i++) rows.push(point(A, a101, T0 + i * 10, { receive_time: T0 + 900 }));
    // Two points at the same second (a resend with another fix): both kept, in the order stored.
    rows.push(point(A, a101, T0 + 100, { lat: 41, receive_time: T0 + 950 }));
    // Another company's bus and a point with no vehicle at the same times.
    rows.push(point(f.companyB, f.carsB.get('B-1') ?? 0, T0 + 50));
    rows.push(point(A, a101, T0 + 60, { vehicle_id: null }));
    await storePoints(f, rows);
    await storeEvents(f, [
      // Before the range, within the gap: fills the first points.
      stationEvent(T0 - 600, {
        company_id: A,
        car_id: a101,
        route_code: '10',
        route_name: 'Line 10',
        serial: 1,
        station_name: 'Stop 1',
        flag: 2,
      }),
      stationEvent(T0 + 100, {
        company_id: A,
        car_id: a101,
        route_code: '10',
        route_name: 'Line 10',
        serial: 2,
        station_name: 'Stop 2',
        direction: 1,
        flag: 1,
      }),
      stationEvent(T0 + 200, {
        company_id: A,
        car_id: a101,
        route_code: '10',
        route_name: 'Line 10',
        serial: 2,
        station_name: 'Stop "2"',
        direction: 2,
        flag: 2,
      }),
      // A-301 (bound to no line) ran line 10 in the morning.
      stationEvent(T0 + 30, {
        company_id: A,
        car_id: a301,
        route_code: '10',
        route_name: 'Line 10',
        serial: 1,
        station_name: 'Stop 1',
      }),
      // Another company's event for a car id of its own.
      stationEvent(T0 + 10, { company_id: f.companyB, car_id: f.carsB.get('B-1') ?? 0, route_code: '99' }),
    ]);
  });
  afterAll(() => f.server.close());

  const range = { start_time: T0, end_time: T0 + 3000 };

  it('answers one vehicle’s points in time order with the spec’s fields, its late points in place', async () => {
    const reply = await trackOf(f.admin, { ...range, car_id: a101 });
    expect(reply.code).toBe(0);
    const rows = reply.result.rows;
    expect(rows.map((r) => r.event_time)).toEqual([
      ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10].map((i) => T0 + i * 10),
      ...Array.from({ length: 19 }, (_, k) => T0 + (k + 11) * 10),
    ]);
    // Same second: the point stored first comes first.
    expect(rows.filter((r) => r.event_time === T0 + 100).map((r) => r.lat)).toEqual([
      40.6 + ((T0 + 100) % 1000) * 1e-5,
      41,
    ]);
    expect(Object.keys(rows[0] ?? {})).toEqual(TRACK_POINT_FIELDS);
    expect(rows[0]).toEqual({
      imei: IMEIS['A-101'],
      car_id: a101,
      car_name: 'A-101',
      route_code: '10',
      route_name: 'Line 10',
      direction: 1,
      serial: 1,
      station_name: 'Stop 1',
      lat: 40.6 + (T0 % 1000) * 1e-5,
      lng: -74.1 + (T0 % 1000) * 1e-5,
      azimuth: 90,
      speed: 30,
      mileage: 1000 + (T0 % 1000) / 100,
      state: 3,
      warning: 0,
      attached: '{"satellites":11,"signal":20}',
      event_time: T0,
      receive_time: T0 + 900,
    });
  });

  it('fills line, direction and station from the last station event at or before each point', async () => {
    const rows = (await trackOf(f.admin, { ...range, car_id: a101 })).result.rows;
    const at = (t: number) => rows.find((r) => r.event_time === T0 + t);
    expect(at(90)).toMatchObject({ route_code: '10', serial: 1, station_name: 'Stop 1', direction: 1 });
    expect(at(100)).toMatchObject({ serial: 2, station_name: 'Stop 2', direction: 1 });
    expect(at(290)).toMatchObject({ serial: 2, station_name: 'Stop "2"', direction: 2 });
    // A point beyond the gap after the last event carries no line.
    const late = T0 + 200 + ROUTE_FILL_MAX_GAP_SECONDS + 10;
    await storePoints(f, [point(f.companyA, a101, late)]);
    const after = (await trackOf(f.admin, { start_time: late - 5, end_time: late + 5, car_id: a101 })).result.rows;
    expect(after).toEqual([
      expect.objectContaining({ route_code: '', route_name: '', direction: 0, serial: 0, station_name: '' }),
    ]);
  });

  it('keeps only points at or above the minimum speed', async () => {
    const all = (await trackOf(f.admin, { ...range, car_id: a201 })).result.rows;
    const moving = (await trackOf(f.admin, { ...range, car_id: a201, speed: 1 })).result.rows;
    expect(all).toHaveLength(30);
    expect(moving).toHaveLength(20);
    expect(moving.every((r) => r.speed >= 1)).toBe(true);
    const fast = (await trackOf(f.admin, { ...range, car_id: a101, speed: 20 })).result.rows;
    // The late points and the resend carry 30 km/h; of the others only the odd tens from 21 on reach 20.
    expect(fast.map((r) => r.speed)).toEqual([30, 30, 30, 30, 30, 30, 21.5, 23.5, 25.5, 27.5, 29.5]);
  });

  it('answers several vehicles one after the other, in car_id order, each in time order', async () => {
    const rows = (await trackOf(f.admin, { ...range, car_list: [a201, a101], car_id: a201 })).result.rows;
    const cars = rows.map((r) => r.car_id);
    expect(cars).toEqual([...cars].sort((x, y) => x - y));
    expect(new Set(cars)).toEqual(new Set([a101, a201]));
    for (const car of [a101, a201]) {
      const times = rows.filter((r) => r.car_id === car).map((r) => r.event_time);
      expect(times).toEqual([...times].sort((x, y) => x - y));
    }
    expect(rows.filter((r) => r.car_id === a201)).toHaveLength(30);
  });

  it('answers a line with the vehicles that ran it in the span and those bound to it now', async () => {
    const rows = (await trackOf(f.admin, { ...range, route_code: '10' })).result.rows;
    expect([...new Set(rows.map((r) => r.car_name))]).toEqual(['A-101']);
    // A-301 ran line 10 but has no stored points: nothing of it, and nothing of A-201 (line 20).
    await storePoints(f, [point(f.companyA, a301, T0 + 40)]);
    const again = (await trackOf(f.admin, { ...range, route_code: '10' })).result.rows;
    expect([...new Set(again.map((r) => r.car_name))]).toEqual(['A-101', 'A-301']);
    expect(again.find((r) => r.car_name === 'A-301')).toMatchObject({ route_code: '10', station_name: 'Stop 1' });
    expect((await trackOf(f.admin, { ...range, route_code: 'nope' })).result.rows).toEqual([]);
  });

  it('refuses bad ranges and missing vehicles with 1004 naming the rule', async () => {
    const refused = async (body: Record<string, unknown>) => trackOf(f.admin, body);
    expect(await refused({ start_time: T0, end_time: T0 - 1, car_id: a101 })).toMatchObject({
      code: ErrorCode.parameter,
      result: { field: 'end_time', rule: 'before-start' },
    });
    const week = TRACK_MAX_SPAN_DAYS * 86_400;
    expect((await refused({ start_time: T0, end_time: T0 + week, car_id: a101 })).code).toBe(0);
    expect(await refused({ start_time: T0, end_time: T0 + week + 1, car_id: a101 })).toMatchObject({
      code: ErrorCode.parameter,
      result: { field: 'end_time', rule: 'max-span', max_days: TRACK_MAX_SPAN_DAYS },
    });
    expect(await refused(range)).toMatchObject({ code: ErrorCode.parameter, result: { rule: 'required' } });
    expect(await refused({ ...range, route_code: '  ' })).toMatchObject({ result: { rule: 'required' } });
    for (const body of [
      { ...range, car_id: 0 },
      { ...range, car_id: a101, speed: -1 },
      { ...range, car_id: a101, start_time: 'yesterday' },
      { end_time: T0, car_id: a101 },
      { ...range, car_list: 'all' },
    ]) {
      expect((await refused(body)).code, JSON.stringify(body)).toBe(ErrorCode.parameter);
    }
  });

  it('limits several vehicles and lines to the company’s multiple_search_limit', async () => {
    const limit = MULTIPLE_SEARCH_LIMIT_DEFAULT * 60;
    const two = { car_list: [a101, a201] };
    expect((await trackOf(f.admin, { start_time: T0, end_time: T0 + limit, ...two })).code).toBe(0);
    const over = await trackOf(f.admin, { start_time: T0, end_time: T0 + limit + 1, ...two });
    expect(over).toMatchObject({
      code: ErrorCode.parameter,
      result: { field: 'end_time', rule: 'multiple-search-limit', limit_minutes: MULTIPLE_SEARCH_LIMIT_DEFAULT },
    });
    expect(JSON.stringify(over.result)).toContain(`${MULTIPLE_SEARCH_LIMIT_DEFAULT} minutes`);
    expect((await trackOf(f.admin, { start_time: T0, end_time: T0 + limit + 1, route_code: '10' })).code).toBe(
      ErrorCode.parameter,
    );
    // One vehicle may span the whole week, even named with its line.
    expect(
      (await trackOf(f.admin, { start_time: T0, end_time: T0 + 86_400, car_list: [a101], route_code: '10' })).code,
    ).toBe(0);

    const setLimit = (minutes: number) =>
      f.server.store.db
        .updateTable('companies')
        .set({ config: JSON.stringify({ multiple_search_limit: minutes }) })
        .where('id', '=', f.companyA)
        .execute();
    try {
      await setLimit(10);
      expect(await trackOf(f.admin, { start_time: T0, end_time: T0 + 601, ...two })).toMatchObject({
        result: { limit_minutes: 10 },
      });
      await setLimit(0);
      expect((await trackOf(f.admin, { start_time: T0, end_time: T0 + 2 * 86_400, ...two })).code).toBe(0);
      await setLimit(-5);
      expect((await trackOf(f.admin, { start_time: T0, end_time: T0 + 2 * 86_400, route_code: '10' })).code).toBe(0);
    } finally {
      await setLimit(MULTIPLE_SEARCH_LIMIT_DEFAULT);
    }
  });

  it('refuses more stored points than the cap with 1009, before any row is sent', async () => {
    const base = T0 + 86_400;
    const many = Array.from({ length: 401 }, (_, i) => point(f.companyA, a201, base + i));
    await storePoints(f, many);
    const reply = await trackOf(f.admin, { start_time: base, end_time: base + 400, car_id: a201 });
    expect(reply).toMatchObject({ code: ErrorCode.tooMuchData, result: { total: 401, max: 400 } });
    expect(reply.msg).toMatch(/narrow/i);
    expect((await trackOf(f.admin, { start_time: base, end_time: base + 399, car_id: a201 })).result.rows).toHaveLength(
      400,
    );
  });

  it('keeps each company and console to its own vehicles', async () => {
    const theirs = f.carsB.get('B-1') ?? 0;
    expect(await trackOf(f.admin, { ...range, car_id: theirs })).toMatchObject({
      code: ErrorCode.recordMissing,
      result: { field: 'car_id', car_ids: [theirs] },
    });
    expect(await trackOf(f.admin, { ...range, car_list: [a101, theirs] })).toMatchObject({
      code: ErrorCode.recordMissing,
      result: { field: 'car_list', car_ids: [theirs] },
    });
    expect((await trackOf(f.admin, { ...range, route_code: '99' })).result.rows).toEqual([]);
    // B sees its own bus, and not A's.
    expect((await trackOf(f.adminB, { ...range, car_id: theirs })).result.rows).toHaveLength(1);
    expect((await trackOf(f.adminB, { ...range, car_id: a101 })).code).toBe(ErrorCode.recordMissing);

    // A dispatcher whose console holds line 10 sees A-101 only.
    const desk = await trackUser(f, 'track-desk', { MonitoringTrack: PermissionBit.view }, [f.lines.get('10') ?? 0]);
    expect((await trackOf(desk, { ...range, car_id: a101 })).result.rows.length).toBeGreaterThan(0);
    expect((await trackOf(desk, { ...range, car_id: a201 })).code).toBe(ErrorCode.recordMissing);
    const line = (await trackOf(desk, { ...range, route_code: '10' })).result.rows;
    expect(new Set(line.map((r) => r.car_name))).toEqual(new Set(['A-101']));
  });

  it('needs the view bit of track playback or the monitoring map', async () => {
    const viewer = (account: string, permissions: Record<string, number>): Promise<HeadwayClient> =>
      trackUser(f, account, permissions);
    const track = await viewer('track-only', { MonitoringTrack: PermissionBit.view });
    const map = await viewer('map-only', { MonitoringMap: PermissionBit.view });
    const neither = await viewer('no-track', { Dashboard: PermissionBit.view, MonitoringTrack: PermissionBit.edit });
    expect((await trackOf(track, { ...range, car_id: a101 })).code).toBe(0);
    expect((await trackOf(map, { ...range, car_id: a101 })).code).toBe(0);
    expect((await trackOf(neither, { ...range, car_id: a101 })).code).toBe(ErrorCode.permission);
  });
});

describe.each(ENGINES)('POST /device/position streaming on %s', (engine) => {
  let f: TrackFixture;
  beforeAll(async () => {
    f = await startTrackFixture(engine, { maxRows: 100_000, pageRows: 997 });
    await f.server.store.db
      .updateTable('companies')
      .set({ config: JSON.stringify({ multiple_search_limit: 0 }) })
      .where('id', '=', f.companyA)
      .execute();
  });
  afterAll(() => f.server.close());

  it('streams a large answer page by page without losing or repeating a point', async () => {
    const a101 = f.cars.get('A-101') ?? 0;
    const a201 = f.cars.get('A-201') ?? 0;
    const n = 12_000;
    const rows = [];
    // Every third second twice (a resend), so page edges fall inside runs of equal times too.
    for (let i = 0; i < n; i++) {
      rows.push(point(f.companyA, a101, T0 + i, { mileage: i }));
      if (i % 3 === 0) rows.push(point(f.companyA, a101, T0 + i, { mileage: i + 0.5 }));
      if (i % 4 === 0) rows.push(point(f.companyA, a201, T0 + i, { mileage: i }));
    }
    for (let i = 0; i < rows.length; i += 5000) await storePoints(f, rows.slice(i, i + 5000));
    const reply = await trackOf(f.admin, { start_time: T0, end_time: T0 + n, car_list: [a201, a101] });
    expect(reply.code).toBe(0);
    const got = reply.result.rows;
    const expected101 = rows.filter((r) => r.vehicle_id === a101).map((r) => r.mileage);
    const expected201 = rows.filter((r) => r.vehicle_id === a201).map((r) => r.mileage);
    expect(got.map((r) => r.mileage)).toEqual([...expected101, ...expected201]);
  });
});
