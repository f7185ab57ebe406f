import type { VehicleTreeNode } from '@headway/server/contract';

// The "send to vehicles" picker's tree from GET /basic/cars/tree: fleets and lines as branches, vehicles as the
// leaves that can be ticked. Values are the tree's gids (unique across kinds, where a fleet and a car may share a
// number); `carIds` turns the ticked ones back into car ids for the push.

export interface VehicleChoice {
  value: string;
  title: string;
  /** Only vehicles are picked; a branch ticks its vehicles. */
  isLeaf?: boolean;
  children?: VehicleChoice[];
}

export function vehicleChoicesOf(nodes: readonly VehicleTreeNode[], noFleet: string) {
  const carIds = new Map<string, number>();
  const build = (node: VehicleTreeNode): VehicleChoice | null => {
    if (node.node_type === 2) {
      // Spec: a vehicle's car id is node_data.car_id, else its gid without the `c`.
      const carId = node.node_data.car_id ?? Number(node.gid.replace(/^c/, ''));
      if (!Number.isInteger(carId) || carId <= 0) return null;
      carIds.set(node.gid, carId);
      const lpn = node.node_data.lpn ?? '';
      return {
        value: node.gid,
        title: lpn && lpn !== node.label ? `${node.label} (${lpn})` : node.label,
        isLeaf: true,
      };
    }
    const children = (node.children ?? []).map(build).filter((c): c is VehicleChoice => c !== null);
    return children.length > 0 ? { value: node.gid, title: node.label || noFleet, children } : null;
  };
  const choices = nodes.map(build).filter((c): c is VehicleChoice => c !== null);
  return { choices, carIds };
}
