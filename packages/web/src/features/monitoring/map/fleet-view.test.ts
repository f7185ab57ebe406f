import type { VehicleLive } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { FleetState } from '../../../live/fleet-state';
import { rosterOf } from '../../../live/live-worker-core';
import { FleetView } from './fleet-view';

const NOW = 1_800_000_000;

function row(i: number, reported: boolean): VehicleLive {
  const imei = `86452004000000${i}`;
  return {
    imei,
    terminal_phone: `13920260000${i}`,
    car_id: i,
    car_name: `Bus ${i}`,
    lpn: `NY-${i}`,
    route_code: 'R1',
    route_name: 'Line 1',
    fleet_id: 1,
    online: reported ? 1 : 0,
    real_data: reported ? { imei, lat: 40.6, lng: -74.1, v: 0, a: 0, s: (1 << 4) | 1, w: 2, et: NOW, rt: NOW } : null,
  } as VehicleLive;
}

/** Both ends of the worker channel, without the worker: what one posts the other applies. */
function pair(rows: VehicleLive[]) {
  const worker = new FleetState();
  const view = new FleetView();
  view.load(rosterOf(1, rows));
  worker.load(1, rows);
  const sync = () => {
    const changes = worker.take(NOW);
    return changes ? view.apply(changes) : false;
  };
  sync();
  return { worker, view, sync };
}

describe('the monitoring screen’s fleet view', () => {
  it('takes the worker’s columns: look per vehicle for the tree, positions for centring and framing', () => {
    const { view } = pair([row(1, true), row(2, false)]);
    // ACC on and stopped, with a warning bit: the state that goes with the red is "warning", not "idle".
    expect(view.look('864520040000001')).toEqual({ colour: 'red', kind: 'warning', online: true });
    expect(view.look('864520040000002')).toEqual({ colour: 'gray', kind: 'offline', online: false });
    expect(view.look('nobody').kind).toBe('offline');
    expect(view.position('864520040000001')).toEqual({ lng: -74.1, lat: 40.6 });
    expect(view.position('864520040000002')).toBeNull();
    expect(view.centre()).toEqual({ lng: -74.1, lat: 40.6 });
    expect(view.labels).toEqual(['Bus 1', 'Bus 2']);
    expect(Array.from(view.shown(new Set(['864520040000002'])))).toEqual([0, 1]);
  });

  it('holds full real_data for the selected vehicle only', () => {
    const { worker, view, sync } = pair([row(1, true), row(2, false)]);
    expect(view.entry('864520040000001')).toMatchObject({ car_name: 'Bus 1', online: true, data: null });
    worker.select('864520040000001');
    sync();
    expect(view.entry('864520040000001')?.data).toMatchObject({ w: 2 });
    expect(view.entry('864520040000002')?.data).toBeNull();
    expect(view.entry('nobody')).toBeUndefined();
  });

  it('keeps its columns for the same roster and drops posts of an earlier one', () => {
    const rows = [row(1, true), row(2, false)];
    const { worker, view } = pair(rows);
    const keys = view.keys;
    view.load(rosterOf(2, rows));
    expect(view.keys).toBe(keys);
    expect(view.position('864520040000001')).not.toBeNull();
    worker.merge([{ ...(rows[0]?.real_data as NonNullable<VehicleLive['real_data']>), et: NOW + 1, lat: 41 }]);
    expect(view.apply(worker.take(NOW) as NonNullable<ReturnType<FleetState['take']>>)).toBe(false);
    view.load(rosterOf(3, [row(3, true)]));
    expect(view.keys).not.toBe(keys);
    expect(view.position('864520040000003')).toBeNull();
  });
});
