import type {
  DepartArriveRow,
  LineHeadways,
  ListResult,
  OwnLine,
  Timetable,
  TrafficBody,
  TrafficRow,
  VehicleTreeNode,
} from '@headway/server/contract';
import { http } from '../../api/client';

export type { DepartArriveRow, LineHeadways, OwnLine, Timetable, TrafficRow, VehicleTreeNode };

// The line map's calls (docs/line-map.md, docs/api.md "Line map"). Types come from the server contract; the dispatch
// calls go to /dispatch/api (10 s timeout).

export interface DepartArriveQuery {
  page: number;
  limit: number;
  data: { route_code?: string; start_time: number; end_time: number; car_id?: number; order: 'asc' | 'desc' };
}

export type SetTrafficBody = TrafficBody;

export const linesApi = {
  /** The user's own lines with their stations (the monitoring map's list). */
  lines: () => http.get<OwnLine[]>('/basic/routes/own'),
  /** Vehicles grouped by line: which vehicles the line map watches. Silent: without it the poll still places buses. */
  tree: () => http.get<VehicleTreeNode[]>('/basic/cars/tree', { group_by: 'group_by_route_code' }, { silent: true }),
  traffic: (routeCode: string) =>
    http.get<TrafficRow[]>('/dispatch/traffic', { route_code: routeCode }, { base: 'dispatch' }),
  setTraffic: (body: SetTrafficBody) => http.put<TrafficRow>('/dispatch/traffic', body, { base: 'dispatch' }),
  timetable: (routeCode: string) =>
    http.get<Timetable>('/dispatch/timetable', { route_code: routeCode }, { base: 'dispatch' }),
  /** Polled every 15 s: silent, since a failing poll would stack a message each time; the card says so instead. */
  headways: (routeCode: string) =>
    http.get<LineHeadways>('/dispatch/headways', { route_code: routeCode }, { base: 'dispatch', silent: true }),
  departArrive: (query: DepartArriveQuery) => http.post<ListResult<DepartArriveRow>>('/device/depart/arrive', query),
};

export const linesKeys = {
  lines: ['lines', 'own'] as const,
  tree: ['lines', 'tree'] as const,
  traffic: (routeCode: string) => ['lines', 'traffic', routeCode] as const,
  timetable: (routeCode: string) => ['lines', 'timetable', routeCode] as const,
  headways: (routeCode: string) => ['lines', 'headways', routeCode] as const,
};
