import { realDataDisplay } from '@headway/spec';
import type { VehicleTreeGrouping, VehicleTreeNode } from '../contract/vehicles.ts';
import type { VehicleLiveState } from './live-source.ts';
import type { VehicleRow } from './queries.ts';

// The vehicle tree (spec "Vehicle tree node"): fleet → line → vehicle by organisation (pid), or line →
// vehicle by route code. Pure, so the grouping and the counts are tested without a database.

const NO_GROUP = 0;

function vehicleNode(v: VehicleRow, live: VehicleLiveState | undefined, pid: string, now: number): VehicleTreeNode {
  const data = live?.realData ?? null;
  const online = live?.online ?? false;
  const display = realDataDisplay(data, online, now);
  return {
    gid: `c${v.car_id}`,
    pid,
    node_type: 2,
    label: v.car_name,
    node_data: {
      route_code: v.route_code ?? '',
      imei: v.imei,
      car_id: v.car_id,
      lpn: v.lpn,
      terminal_phone: v.terminal_phone ?? '',
    },
    online: online ? 1 : 0,
    total: 1,
    state: display.state,
    color: display.colour,
    routeCode: v.route_code ?? '',
    lastPos: data ? { lat: data.lat, lng: data.lng } : null,
  };
}

function group(
  gid: string,
  pid: string,
  nodeType: 0 | 1,
  label: string,
  routeCode: string,
  children: VehicleTreeNode[],
): VehicleTreeNode {
  let online = 0;
  let total = 0;
  for (const c of children) {
    online += c.online;
    total += c.total;
  }
  return {
    gid,
    pid,
    node_type: nodeType,
    label,
    node_data: { route_code: routeCode, imei: '' },
    children,
    online,
    total,
    routeCode,
  };
}

/** Lines under a parent, in first-seen order (vehicles come sorted by name); vehicles without a line last. */
function byLine(
  vehicles: readonly VehicleRow[],
  live: ReadonlyMap<number, VehicleLiveState>,
  pid: string,
  now: number,
): VehicleTreeNode[] {
  const lines = new Map<number, { row: VehicleRow; cars: VehicleRow[] }>();
  for (const v of vehicles) {
    const id = v.route_id ?? NO_GROUP;
    let entry = lines.get(id);
    if (!entry) {
      entry = { row: v, cars: [] };
      lines.set(id, entry);
    }
    entry.cars.push(v);
  }
  const ids = [...lines.keys()].sort((a, b) => {
    if (a === NO_GROUP || b === NO_GROUP) return a === NO_GROUP ? 1 : -1;
    return (lines.get(a)?.row.route_code ?? '').localeCompare(lines.get(b)?.row.route_code ?? '', undefined, {
      numeric: true,
    });
  });
  return ids.map((id) => {
    const { row, cars } = lines.get(id) as { row: VehicleRow; cars: VehicleRow[] };
    const gid = `${pid}/r${id}`;
    return group(
      gid,
      pid,
      1,
      id === NO_GROUP ? '' : (row.route_name ?? row.route_code ?? ''),
      id === NO_GROUP ? '' : (row.route_code ?? ''),
      cars.map((v) => vehicleNode(v, live.get(v.car_id), gid, now)),
    );
  });
}

/**
 * Builds the tree. Line and fleet nodes with an empty label are "no line" / "no fleet" buckets (gid ends in
 * `r0` / `g0`); the console names them in the user's language.
 */
export function buildVehicleTree(
  vehicles: readonly VehicleRow[],
  fleets: readonly { id: number; fleet_name: string }[],
  live: ReadonlyMap<number, VehicleLiveState>,
  grouping: VehicleTreeGrouping,
  now: number,
): VehicleTreeNode[] {
  if (grouping === 'group_by_route_code') {
    // Top-level line nodes keep the spec's gid shape without a parent prefix.
    return byLine(vehicles, live, '', now).map((node) => reparent(node, node.gid.slice(1), '0'));
  }
  const byFleet = new Map<number, VehicleRow[]>();
  for (const v of vehicles) {
    const id = v.fleet_id ?? NO_GROUP;
    let list = byFleet.get(id);
    if (!list) {
      list = [];
      byFleet.set(id, list);
    }
    list.push(v);
  }
  const ordered = [...fleets.filter((f) => byFleet.has(f.id)).map((f) => ({ id: f.id, name: f.fleet_name }))];
  if (byFleet.has(NO_GROUP)) ordered.push({ id: NO_GROUP, name: '' });
  return ordered.map(({ id, name }) => {
    const gid = `g${id}`;
    return group(gid, '0', 0, name, '', byLine(byFleet.get(id) ?? [], live, gid, now));
  });
}

function reparent(node: VehicleTreeNode, gid: string, pid: string): VehicleTreeNode {
  return { ...node, gid, pid, children: node.children?.map((c) => ({ ...c, pid: gid })) };
}
