import type {
  BusStopFilter,
  BusStopRow,
  CreateBusStopBody,
  CreateRouteBody,
  DirectionDetail,
  ListResult,
  RouteDetail,
  RouteFilter,
  RouteRow,
  StationFilter,
  StationRow,
  StopRouteRow,
  UpdateBusStopBody,
  UpdateRouteBody,
  UpdateStationBody,
} from '@headway/server/contract';
import { ErrorCode } from '@headway/spec';
import { http } from '../../api/client';
import { ApiError } from '../../api/errors';

export type {
  BusStopRow,
  CreateBusStopBody,
  CreateRouteBody,
  DirectionDetail,
  DirectionInput,
  RouteCheckFailureRow,
  RouteDetail,
  RouteRow,
  StationRow,
  StopRouteRow,
} from '@headway/server/contract';

// Basic data for lines (docs/api.md "Basic data: lines and stops"): the line, station and bus stop screens and the
// line editor. Writes are silent: the screens say what failed (route check failures, duplicates) themselves.

export const lineKeys = { routes: 'basic-routes', stations: 'basic-stations', stops: 'basic-stops' } as const;

/** "{0} [{1}] already exists" from a 1106, or null. */
export function duplicateMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.code === ErrorCode.accountRegistered) {
    return (error.result as { message?: string } | null)?.message ?? null;
  }
  return null;
}

/** true when free; false when the server says it is taken; other failures leave it to the save. */
function free(path: string, query: Record<string, string | number>): Promise<boolean> {
  return http.get<boolean>(path, query, { silent: true }).then(
    () => true,
    (error: unknown) => duplicateMessage(error) === null,
  );
}

export const routeApi = {
  list: (page: number, limit: number, filter: RouteFilter) =>
    http.get<ListResult<RouteRow>>('/basic/routes', { page, limit, ...filter }),
  get: (id: number) => http.get<RouteDetail>(`/basic/routes/${id}`),
  create: (body: CreateRouteBody) => http.post<RouteDetail>('/basic/routes', body, { silent: true }),
  update: (body: UpdateRouteBody) => http.put<RouteDetail>('/basic/routes', body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/basic/routes/${id}`, { silent: true }),
  codeFree: (route_code: string, id?: number) => free('/basic/routes/validator', { route_code, ...(id ? { id } : {}) }),
  nameFree: (route_name: string, id?: number) => free('/basic/routes/validator', { route_name, ...(id ? { id } : {}) }),
  directions: (route_id: number) => http.get<DirectionDetail[]>('/basic/routes/directions/station', { route_id }),
  /** The list's export (the query bar's dropdown adds format, scope, page, limit and time zone). */
  exportPath: '/basic/routes/export',
};

export const stationApi = {
  list: (page: number, limit: number, filter: StationFilter) =>
    http.get<ListResult<StationRow>>('/basic/route/stations', { page, limit, ...filter }),
  update: (body: UpdateStationBody) => http.put<StationRow>('/basic/route/stations', body, { silent: true }),
  opposite: (ids: number[], is_opposite: number) =>
    http.put<{ changed: number }>('/basic/route/stations/opposite', { ids, is_opposite }),
  azimuths: (route_id: number) => http.post<{ changed: number }>('/basic/route/stations/azimuth/batch', { route_id }),
  exportPath: '/basic/route/stations/export',
};

export const busStopApi = {
  list: (page: number, limit: number, filter: BusStopFilter) =>
    http.get<ListResult<BusStopRow>>('/basic/busstops', { page, limit, ...filter }),
  union: () => http.get<BusStopRow[]>('/basic/busstops/union'),
  routes: (stop_id: string) => http.get<StopRouteRow[]>('/basic/busstops/routes', { stop_id }),
  search: (key: string) => http.get<BusStopRow[]>(`/basic/busstops/search/${encodeURIComponent(key)}`),
  nextCode: () => http.get<{ stop_code: string }>('/basic/busstops/get-max-stop'),
  create: (body: CreateBusStopBody) => http.post<BusStopRow>('/basic/busstops', body, { silent: true }),
  update: (body: UpdateBusStopBody) => http.put<BusStopRow>('/basic/busstops', body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/basic/busstops/${id}`, { silent: true }),
  codeFree: (stop_code: string, id?: number) => free('/basic/busstops/validator', { stop_code, ...(id ? { id } : {}) }),
  exportPath: '/basic/busstops/export',
};
