import type { VehicleTreeNode } from '@headway/server/contract';
import { hasPermission } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { MAP_SCREEN, useScreenMask } from './access';
import { alarmApi, type OwnLine } from './api';

// Lines and vehicles for the dialogs' filters. They come from the monitoring map's lists (the company's lines,
// the vehicle tree), which only a user who may see the map can read; anyone else filters by the lines the alarm
// list itself shows.

export interface Option {
  value: number;
  label: string;
}

export interface VehicleOption extends Option {
  routeCode: string;
}

/** "code · name", or one of them when they are the same or one is missing. */
export function lineLabel(code: string, name: string): string {
  if (!code) return name;
  return !name || name === code ? code : `${code} · ${name}`;
}

export function lineOptionsOf(lines: readonly OwnLine[]): Option[] {
  return lines.map((l) => ({ value: l.route_id, label: lineLabel(l.route_code, l.route_name) }));
}

/** Every vehicle of the tree (node_type 2 with a car), by name and plate. */
export function vehicleOptionsOf(tree: readonly VehicleTreeNode[]): VehicleOption[] {
  const out: VehicleOption[] = [];
  const seen = new Set<number>();
  const walk = (nodes: readonly VehicleTreeNode[]) => {
    for (const node of nodes) {
      const carId = node.node_data.car_id;
      if (node.node_type === 2 && carId !== undefined && !seen.has(carId)) {
        seen.add(carId);
        const lpn = node.node_data.lpn ?? '';
        out.push({
          value: carId,
          label: lpn && lpn !== node.label ? `${node.label} (${lpn})` : node.label,
          routeCode: node.routeCode ?? node.node_data.route_code ?? '',
        });
      }
      if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return out.sort((a, b) => a.label.localeCompare(b.label));
}

function useMapLists(enabled: boolean) {
  const canMap = hasPermission(useScreenMask(MAP_SCREEN), 'view');
  const lines = useQuery({
    queryKey: ['alarms', 'lines'],
    queryFn: alarmApi.lines,
    enabled: enabled && canMap,
    staleTime: 10 * 60_000,
  });
  const vehicles = useQuery({
    queryKey: ['alarms', 'vehicles'],
    queryFn: alarmApi.vehicles,
    enabled: enabled && canMap,
    staleTime: 5 * 60_000,
  });
  return { lines: lines.data, vehicles: vehicles.data, loading: lines.isFetching || vehicles.isFetching };
}

/**
 * Line options (the company's lines, else `fallback`: lines seen in the alarm rows) and vehicle options (of the
 * chosen line when one is chosen).
 */
const NO_ROWS: readonly { route_id: number | null; route_name: string }[] = [];

export function useFilterOptions(
  enabled: boolean,
  routeId: number | undefined,
  fallback: readonly { route_id: number | null; route_name: string }[] = NO_ROWS,
) {
  const lists = useMapLists(enabled);
  const lines = useMemo<Option[]>(() => {
    if (lists.lines) return lineOptionsOf(lists.lines);
    const byId = new Map<number, string>();
    for (const row of fallback) if (row.route_id !== null) byId.set(row.route_id, row.route_name);
    return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [lists.lines, fallback]);
  const allVehicles = useMemo(() => vehicleOptionsOf(lists.vehicles ?? []), [lists.vehicles]);
  const vehicles = useMemo(() => {
    const code = routeId === undefined ? undefined : lists.lines?.find((l) => l.route_id === routeId)?.route_code;
    return code === undefined ? allVehicles : allVehicles.filter((v) => v.routeCode === code);
  }, [allVehicles, lists.lines, routeId]);
  return { lines, vehicles, loading: lists.loading };
}
