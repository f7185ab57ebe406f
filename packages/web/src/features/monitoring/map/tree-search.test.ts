import type { VehicleTreeNode } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { filterTree } from './tree-search';

const car = (id: number, name: string, code: string): VehicleTreeNode => ({
  gid: `c${id}`,
  pid: '',
  node_type: 2,
  label: name,
  node_data: { route_code: code, imei: `8645200400000${id}`, lpn: `NY-${id}` },
  online: 1,
  total: 1,
  routeCode: code,
});
const line = (id: number, name: string, code: string, cars: VehicleTreeNode[]): VehicleTreeNode => ({
  gid: `g1/r${id}`,
  pid: 'g1',
  node_type: 1,
  label: name,
  node_data: { route_code: code, imei: '' },
  children: cars,
  online: cars.length,
  total: cars.length,
  routeCode: code,
});
const TREE: VehicleTreeNode[] = [
  {
    gid: 'g1',
    pid: '',
    node_type: 0,
    label: 'Castleton Depot',
    node_data: { route_code: '', imei: '' },
    online: 3,
    total: 3,
    children: [
      line(1, 'St. George - Amazon', 'S40', [car(1, '8201', 'S40'), car(2, '8202', 'S40')]),
      line(2, 'Port Richmond', 'S44', [car(3, '8301', 'S44')]),
    ],
  },
];
const cars = (nodes: readonly VehicleTreeNode[]): string[] =>
  nodes.flatMap((n) => (n.node_type === 2 ? [n.label] : cars(n.children ?? [])));

describe('vehicle tree search', () => {
  it("finds a line's vehicles by the line's code or name", () => {
    expect(cars(filterTree(TREE, 's40'))).toEqual(['8201', '8202']);
    expect(cars(filterTree(TREE, 'Richmond'))).toEqual(['8301']);
  });

  it('still finds a vehicle by its name, plate or IMEI, and a fleet keeps all its vehicles', () => {
    expect(cars(filterTree(TREE, '8202'))).toEqual(['8202']);
    expect(cars(filterTree(TREE, 'ny-3'))).toEqual(['8301']);
    expect(cars(filterTree(TREE, 'castleton'))).toEqual(['8201', '8202', '8301']);
    expect(filterTree(TREE, 'nothing like it')).toEqual([]);
    expect(filterTree(TREE, '  ')).toBe(TREE);
  });
});
