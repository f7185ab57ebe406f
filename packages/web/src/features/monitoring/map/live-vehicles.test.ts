import type { RealData, VehicleLive } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { LiveVehicles, pointOf, visiblePoints } from './live-vehicles';

const NOW = 1_800_000_000;
const ONLINE = 1 << 4;

function row(i: number, data: Partial<RealData> | null): VehicleLive {
  return {
    imei: `86452004000000${i}`,
    terminal_phone: `13920260000${i}`,
    car_id: i,
    car_name: `Bus ${i}`,
    lpn: `NY-${i}`,
    route_code: 'R1',
    route_name: 'Line 1',
    online: 1,
    real_data: data && {
      imei: `86452004000000${i}`,
      lat: 40.6,
      lng: -74.1,
      v: 0,
      a: 0,
      s: ONLINE,
      w: 0,
      et: NOW - 10,
      rt: NOW - 10,
      ...data,
    },
  } as VehicleLive;
}

const frame = (i: number, extra: Partial<RealData> = {}): RealData => ({
  imei: `13920260000${i}`,
  lat: 40.61,
  lng: -74.11,
  v: 30,
  a: 95,
  s: ONLINE | (1 << 5),
  w: 0,
  et: NOW,
  rt: NOW,
  ...extra,
});

describe('live vehicles', () => {
  it("keeps a live frame's item as the entry's data, re-keyed to the vehicle's IMEI", () => {
    const model = new LiveVehicles();
    model.load([row(1, {}), row(2, null)]);
    const item = frame(1);
    expect(model.merge([item, frame(3)]).map((e) => e.imei)).toEqual(['864520040000001']);
    // No copy per vehicle per batch: the parsed item itself is held.
    expect(model.get('864520040000001')?.data).toBe(item);
    expect(item.imei).toBe('864520040000001');
    expect(model.get('864520040000001')?.online).toBe(true);
  });

  it('ignores frames older than the data held', () => {
    const model = new LiveVehicles();
    model.load([row(1, { et: NOW })]);
    expect(model.merge([frame(1, { et: NOW - 1, lat: 1 })])).toEqual([]);
    expect(model.get('864520040000001')?.data?.lat).toBe(40.6);
  });

  it("gives the map one point per vehicle, the entry's own, updated in place by each call", () => {
    const model = new LiveVehicles();
    model.load([row(1, {}), row(2, null), row(3, { lat: 0, lng: 0 })]);
    const entry = model.get('864520040000001');
    if (!entry) throw new Error('no entry');
    // Online, stopped, ACC off: parking (blue).
    const first = pointOf(entry, NOW);
    expect(first).toEqual({ key: '864520040000001', lng: -74.1, lat: 40.6, colour: 'blue', step: 0, label: 'Bus 1' });
    model.merge([frame(1)]);
    const second = pointOf(entry, NOW);
    expect(second).toBe(first);
    // Running (green), azimuth 95° → the 90° icon (step 3).
    expect(second).toEqual({
      key: '864520040000001',
      lng: -74.11,
      lat: 40.61,
      colour: 'green',
      step: 3,
      label: 'Bus 1',
    });
    // Never seen, or no fix yet: not on the map.
    expect(pointOf(model.get('864520040000002') as NonNullable<typeof entry>, NOW)).toBeNull();
    expect(pointOf(model.get('864520040000003') as NonNullable<typeof entry>, NOW)).toBeNull();
  });

  it('draws only the checked vehicles that have a position', () => {
    const model = new LiveVehicles();
    model.load([row(1, {}), row(2, {}), row(3, null)]);
    const checked = new Set(['864520040000001', '864520040000003', '864520049999999']);
    expect(visiblePoints(model.entries.values(), checked, NOW).map((p) => p.key)).toEqual(['864520040000001']);
    expect(visiblePoints(model.entries.values(), new Set(), NOW)).toEqual([]);
  });
});
