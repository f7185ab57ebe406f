import type { TrackPoint } from '@headway/server/contract';
import { StateMask, WarningMask } from '@headway/spec';
import { describe, expect, it } from 'vitest';
import { POINT_KINDS } from './point-look';
import { buildTrackSet, pointAt, satellitesOf, travelledKm } from './track-data';

function point(car_id: number, event_time: number, extra: Partial<TrackPoint> = {}): TrackPoint {
  return {
    imei: `86452004000000${car_id}`,
    car_id,
    car_name: `82${car_id}`,
    route_code: 'S40',
    route_name: 'S40',
    direction: 1,
    serial: 3,
    station_name: 'Main St',
    lat: 40.6,
    lng: -74.1,
    azimuth: 90,
    speed: 20,
    mileage: null,
    state: 0,
    warning: 0,
    attached: '{}',
    event_time,
    receive_time: event_time + 1,
    ...extra,
  };
}

describe('track set', () => {
  it('merges several vehicles by event time and places each point', () => {
    const rows = [point(1, 100), point(1, 130), point(1, 160), point(2, 110), point(2, 130)];
    const set = buildTrackSet(rows);
    expect(set.vehicles.map((v) => v.car_id)).toEqual([1, 2]);
    expect(set.length).toBe(5);
    // 100 A, 110 B, 130 A (tie: vehicle order), 130 B, 160 A.
    expect(Array.from(set.vehicleAt)).toEqual([0, 1, 0, 1, 0]);
    expect(Array.from(set.pointAt)).toEqual([0, 0, 1, 1, 2]);
    expect(Array.from(set.vehicles[0]?.positions ?? [])).toEqual([0, 2, 4]);
    expect(Array.from(set.vehicles[1]?.positions ?? [])).toEqual([1, 3]);
    expect(pointAt(set, 3)?.event_time).toBe(130);
    expect(set.vehicles[0]?.colour).not.toBe(set.vehicles[1]?.colour);
  });

  it('gives each point its spec look: stale, speeding, door open, normal', () => {
    const set = buildTrackSet([
      point(1, 100, { receive_time: 100 + 301 }),
      point(1, 110, { warning: WarningMask.speeding }),
      point(1, 120, { state: StateMask.door2Open }),
      point(1, 130),
    ]);
    expect(Array.from(set.kinds).map((k) => POINT_KINDS[k])).toEqual(['stale', 'speeding', 'doorOpen', 'normal']);
  });

  it('an empty answer is an empty set', () => {
    const set = buildTrackSet([]);
    expect(set.length).toBe(0);
    expect(set.vehicles).toEqual([]);
  });
});

describe('distance travelled', () => {
  it('uses the odometer when reported, keeping the last reading over gaps', () => {
    const { travelled, odometer } = travelledKm([
      point(1, 1, { mileage: 1000.5 }),
      point(1, 2, { mileage: null }),
      point(1, 3, { mileage: 1002 }),
    ]);
    expect(odometer).toBe(true);
    expect(Array.from(travelled)).toEqual([0, 0, 1.5]);
  });

  it('falls back to the distance between the points', () => {
    // 0.01° of latitude is about 1.11 km.
    const { travelled, odometer } = travelledKm([
      point(1, 1, { lat: 40.6 }),
      point(1, 2, { lat: 40.61 }),
      point(1, 3, { lat: 40.62 }),
    ]);
    expect(odometer).toBe(false);
    expect(travelled[1]).toBeCloseTo(1.113, 2);
    expect(travelled[2]).toBeCloseTo(2.226, 2);
  });
});

describe('satellites', () => {
  it('reads the count from attached, null otherwise', () => {
    expect(satellitesOf('{"satellites":11,"rssi":20}')).toBe(11);
    expect(satellitesOf('{"rssi":20}')).toBeNull();
    expect(satellitesOf('')).toBeNull();
    expect(satellitesOf('{satellites')).toBeNull();
  });
});
