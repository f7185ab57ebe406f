import { describe, expect, it } from 'vitest';
import type { VehicleLiveState } from './live-source.ts';
import type { VehicleRow } from './queries.ts';
import { buildVehicleTree } from './tree.ts';

const car = (id: number, fleet: number | null, line: number | null, online = 0): VehicleRow => ({
  car_id: id,
  car_name: `C${id}`,
  lpn: `P${id}`,
  imei: `I${id}`,
  channel: '',
  fleet_id: fleet,
  fleet_name: fleet ? `F${fleet}` : null,
  route_id: line,
  route_code: line ? `L${line}` : null,
  route_name: line ? `Line ${line}` : null,
  terminal_phone: `T${id}`,
  device_type: 'BUS',
  device_online: online,
  capabilities: 0,
});

describe('vehicle tree', () => {
  const vehicles = [car(1, 1, 10, 1), car(2, 1, 11), car(3, 2, 10, 1), car(4, null, null)];
  const fleets = [
    { id: 1, fleet_name: 'F1' },
    { id: 2, fleet_name: 'F2' },
    { id: 3, fleet_name: 'Empty' },
  ];
  const live = new Map<number, VehicleLiveState>([
    [1, { online: true, realData: { imei: 'I1', lat: 1, lng: 2, v: 0, a: 0, s: 0b10001, w: 1, et: 100, rt: 100 } }],
    // Connected but no fix yet: online, no last position.
    [3, { online: true, realData: null }],
  ]);

  it('nests fleet → line → vehicle with counts, empty fleets left out, no-fleet bucket last', () => {
    const tree = buildVehicleTree(vehicles, fleets, live, 'pid', 200);
    expect(tree.map((n) => [n.gid, n.label, n.online, n.total])).toEqual([
      ['g1', 'F1', 1, 2],
      ['g2', 'F2', 1, 1],
      ['g0', '', 0, 1],
    ]);
    expect(tree[0]?.children?.map((n) => [n.gid, n.pid, n.node_type])).toEqual([
      ['g1/r10', 'g1', 1],
      ['g1/r11', 'g1', 1],
    ]);
    // A warning bit makes the vehicle red whatever it is doing (spec section 4), and its state text says so.
    expect(tree[0]?.children?.[0]?.children?.[0]).toMatchObject({
      gid: 'c1',
      pid: 'g1/r10',
      node_type: 2,
      state: 'warning',
      color: 'red',
      lastPos: { lat: 1, lng: 2 },
      node_data: { route_code: 'L10', imei: 'I1' },
    });
  });

  it('groups by route code at the top level', () => {
    const tree = buildVehicleTree(vehicles, fleets, live, 'group_by_route_code', 200);
    expect(tree.map((n) => [n.gid, n.pid, n.label, n.online, n.total])).toEqual([
      ['r10', '0', 'Line 10', 2, 2],
      ['r11', '0', 'Line 11', 0, 1],
      ['r0', '0', '', 0, 1],
    ]);
    expect(tree[0]?.children?.every((c) => c.pid === 'r10')).toBe(true);
  });
});
