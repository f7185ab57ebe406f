import type { RealData } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { toView } from '../map/coords';
import { COLOURS, STATE_KINDS } from '../map/vehicle-style';
import { FleetState, transferables } from './fleet-state';
import type { FleetRow } from './worker-protocol';

const NOW = 1_800_000_000;
const ONLINE = 1 << 4;
const ACC_ON = 1 << 0;

function data(imei: string, extra: Partial<RealData> = {}): RealData {
  return { imei, lat: 40.6, lng: -74.1, v: 30, a: 95, s: ONLINE | ACC_ON, w: 0, et: NOW - 10, rt: NOW - 9, ...extra };
}

const rows: FleetRow[] = [
  { imei: '864520040000001', terminal_phone: '13920260001', real_data: data('864520040000001') },
  { imei: '864520040000002', terminal_phone: '13920260002', real_data: null },
];

describe('the live worker’s fleet', () => {
  it('posts every vehicle of a full refresh as columns: position, colour, state, heading, online', () => {
    const fleet = new FleetState();
    fleet.load(1, rows);
    const changes = fleet.take(NOW);
    expect(changes).toMatchObject({ type: 'fleet', roster: 1, count: 2 });
    expect([...(changes?.index ?? [])]).toEqual([0, 1]);
    expect(changes?.lng[0]).toBe(-74.1);
    expect([changes?.x[0], changes?.y[0]]).toEqual(toView('wgs84', -74.1, 40.6));
    expect(COLOURS[changes?.colour[0] ?? -1]).toBe('green');
    expect(STATE_KINDS[changes?.kind[0] ?? -1]).toBe('running');
    expect(changes?.step[0]).toBe(3);
    expect(changes?.online[0]).toBe(1);
    // Never reported: no position, offline and grey.
    expect(Number.isNaN(changes?.x[1])).toBe(true);
    expect(STATE_KINDS[changes?.kind[1] ?? -1]).toBe('offline');
    expect(COLOURS[changes?.colour[1] ?? -1]).toBe('gray');
    // Nothing new since: no post.
    expect(fleet.take(NOW)).toBeNull();
    // Every column's buffer goes in the transfer list.
    expect(changes && transferables(changes)).toHaveLength(9);
  });

  it('merges gps items keyed by terminal phone, posts only what changed, never moves a vehicle back in time', () => {
    const fleet = new FleetState();
    fleet.load(1, rows);
    fleet.take(NOW);
    fleet.merge([data('13920260002', { lat: 40.61, lng: -74.2, v: 0, s: ONLINE, et: NOW })]);
    fleet.merge([data('864520040000001', { et: NOW - 60, lat: 0 }), data('unknown')]);
    const changes = fleet.take(NOW);
    expect(changes?.count).toBe(1);
    expect(changes?.index[0]).toBe(1);
    expect(changes?.lat[0]).toBe(40.61);
    expect(STATE_KINDS[changes?.kind[0] ?? -1]).toBe('parking');
    expect(fleet.get('864520040000002')).toMatchObject({ imei: '864520040000002', et: NOW });
    expect(fleet.get('864520040000001')?.lat).toBe(40.6);
  });

  it('keeps live data newer than a full refresh that raced it', () => {
    const fleet = new FleetState();
    fleet.load(1, rows);
    fleet.merge([data('864520040000001', { et: NOW + 5, lat: 40.7 })]);
    fleet.load(2, rows);
    expect(fleet.get('864520040000001')?.lat).toBe(40.7);
    expect(fleet.take(NOW)?.roster).toBe(2);
  });

  it('projects for the asked datum and re-posts everyone when it changes', () => {
    const fleet = new FleetState();
    fleet.load(1, rows);
    fleet.take(NOW);
    fleet.setDatum('gcj02');
    const changes = fleet.take(NOW);
    expect(changes?.count).toBe(2);
    expect([changes?.x[0], changes?.y[0]]).toEqual(toView('gcj02', -74.1, 40.6));
    fleet.setDatum('gcj02');
    expect(fleet.take(NOW)).toBeNull();
  });

  it('sends the selected vehicle’s full real_data when selected and when it changes, not otherwise', () => {
    const fleet = new FleetState();
    fleet.load(1, rows);
    fleet.take(NOW);
    fleet.select('864520040000001');
    expect(fleet.take(NOW)).toMatchObject({ count: 0, selected: { imei: '864520040000001', data: { v: 30 } } });
    fleet.merge([data('13920260002', { et: NOW })]);
    expect(fleet.take(NOW)?.selected).toBeUndefined();
    fleet.merge([data('13920260001', { et: NOW, v: 41 })]);
    expect(fleet.take(NOW)?.selected).toEqual({
      imei: '864520040000001',
      data: expect.objectContaining({ imei: '864520040000001', v: 41 }),
    });
  });
});
