import type { VehicleTreeNode } from '@headway/server/contract';
import type { DisplayState } from '@headway/spec';

// The vehicles bound to each line, from the vehicle tree grouped by route code (GET /basic/cars/tree): the line map
// watches these vehicles' live reports and names the ones it places.

export interface RosterVehicle {
  car_id: number;
  car_name: string;
  imei: string;
  route_code: string;
  /** The tree's display state when it was fetched; live reports replace it. */
  state: DisplayState | undefined;
}

export interface Roster {
  byImei: ReadonlyMap<string, RosterVehicle>;
  byLine: ReadonlyMap<string, readonly RosterVehicle[]>;
}

export const EMPTY_ROSTER: Roster = { byImei: new Map(), byLine: new Map() };

export function rosterOf(tree: readonly VehicleTreeNode[] | undefined): Roster {
  if (!tree) return EMPTY_ROSTER;
  const byImei = new Map<string, RosterVehicle>();
  const byLine = new Map<string, RosterVehicle[]>();
  const walk = (nodes: readonly VehicleTreeNode[]) => {
    for (const node of nodes) {
      if (node.node_type === 2 && node.node_data.imei) {
        const v: RosterVehicle = {
          car_id: node.node_data.car_id ?? 0,
          car_name: node.label,
          imei: node.node_data.imei,
          route_code: node.node_data.route_code,
          state: node.state,
        };
        byImei.set(v.imei, v);
        const list = byLine.get(v.route_code);
        if (list) list.push(v);
        else byLine.set(v.route_code, [v]);
      }
      if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return { byImei, byLine };
}
