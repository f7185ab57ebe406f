import type { VehicleTreeNode } from '@headway/server/contract';
import type { DataNode } from 'antd/es/tree';

// The chat tree's rows from GET /basic/cars/tree: groups keep their gids, vehicles carry their car id (spec:
// node_type 2 is a vehicle; its car id is node_data.car_id, else the gid without its `c`).

export interface VehicleRow extends DataNode {
  key: string;
  label: string;
  /** Vehicles only. */
  carId?: number;
  online?: boolean;
  children?: VehicleRow[];
}

export function carIdOf(node: VehicleTreeNode): number | null {
  const id = node.node_data.car_id ?? Number(node.gid.replace(/^c/, ''));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Rows with their group keys and the vehicle key → car id map; groups without vehicles are left out. */
export function buildVehicleRows(nodes: readonly VehicleTreeNode[], groupName: (node: VehicleTreeNode) => string) {
  const groupKeys: string[] = [];
  const carIds = new Map<string, number>();
  const build = (node: VehicleTreeNode): VehicleRow | null => {
    if (node.node_type === 2) {
      const carId = carIdOf(node);
      if (carId === null) return null;
      carIds.set(node.gid, carId);
      return { key: node.gid, label: node.label, carId, online: node.online > 0, isLeaf: true };
    }
    const children = (node.children ?? []).map(build).filter((c): c is VehicleRow => c !== null);
    if (children.length === 0) return null;
    groupKeys.push(node.gid);
    return { key: node.gid, label: node.label || groupName(node), children };
  };
  const rows = nodes.map(build).filter((c): c is VehicleRow => c !== null);
  return { rows, groupKeys, carIds };
}
