import type { VehicleTreeNode } from './api';

// The video screens' vehicle picker: the vehicle tree's vehicles (node_type 2) as one flat list, sorted by name.

export interface PickVehicle {
  car_id: number;
  car_name: string;
  imei: string;
  online: boolean;
}

export function vehiclesOf(tree: readonly VehicleTreeNode[] | undefined): PickVehicle[] {
  const out = new Map<number, PickVehicle>();
  const walk = (nodes: readonly VehicleTreeNode[]) => {
    for (const node of nodes) {
      if (node.node_type === 2 && node.node_data.imei) {
        const car_id = node.node_data.car_id ?? Number(node.gid.replace(/^c/, ''));
        out.set(car_id, { car_id, car_name: node.label, imei: node.node_data.imei, online: node.online > 0 });
      }
      if (node.children) walk(node.children);
    }
  };
  walk(tree ?? []);
  return [...out.values()].sort((a, b) => a.car_name.localeCompare(b.car_name, undefined, { numeric: true }));
}

export function filterVehicles(list: readonly PickVehicle[], search: string): PickVehicle[] {
  const needle = search.trim().toLowerCase();
  return needle ? list.filter((v) => v.car_name.toLowerCase().includes(needle) || v.imei.includes(needle)) : [...list];
}
