import type { VehicleTreeNode } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { filterVehicles, vehiclesOf } from './vehicle-list';

const car = (id: number, label: string, online: number): VehicleTreeNode => ({
  gid: `c${id}`,
  pid: 'r1',
  node_type: 2,
  label,
  node_data: { route_code: 'S40', imei: `86452004000000${id}`, car_id: id },
  online,
  total: 1,
});

describe('vehiclesOf', () => {
  it('flattens the tree to its vehicles, once each, in name order', () => {
    const tree: VehicleTreeNode[] = [
      {
        gid: 'g1',
        pid: '',
        node_type: 0,
        label: 'Depot',
        node_data: { route_code: '', imei: '' },
        online: 1,
        total: 3,
        children: [
          {
            gid: 'r1',
            pid: 'g1',
            node_type: 1,
            label: 'S40',
            node_data: { route_code: 'S40', imei: '' },
            online: 1,
            total: 2,
            children: [car(2, 'Bus 10', 0), car(1, 'Bus 9', 1)],
          },
          car(1, 'Bus 9', 1),
        ],
      },
    ];
    const list = vehiclesOf(tree);
    expect(list.map((v) => [v.car_name, v.online])).toEqual([
      ['Bus 9', true],
      ['Bus 10', false],
    ]);
    expect(filterVehicles(list, 'bus 1').map((v) => v.car_id)).toEqual([2]);
    expect(filterVehicles(list, '864520040000001').map((v) => v.car_id)).toEqual([1]);
    expect(filterVehicles(list, ' ')).toHaveLength(2);
  });
});
