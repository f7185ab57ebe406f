import type {
  CreateRegionBody,
  ListResult,
  RegionFilter,
  RegionPointCheck,
  RegionPushBody,
  RegionPushResult,
  RegionPushRow,
  RegionRow,
  RegionShapeRow,
  RegionVisitRow,
  UpdateRegionBody,
} from '@headway/server/contract';
import { ErrorCode } from '@headway/spec';
import { http } from '../../api/client';
import { ApiError } from '../../api/errors';

export type {
  CreateRegionBody,
  RegionFilter,
  RegionPushOutcome,
  RegionPushResult,
  RegionPushRow,
  RegionRow,
  RegionShapeRow,
  RegionVisitRow,
  UpdateRegionBody,
} from '@headway/server/contract';

// Regions (docs/api.md "Regions"): the fence selector, Basic → Custom area and the maps' regions layer. Writes are
// silent: the screens show the spec's notice themselves (section 8: "server msg followed by (Error Code: code)").

export const regionApi = {
  list: (page: number, limit: number, data: RegionFilter) =>
    http.post<ListResult<RegionRow>>('/basic/region/list', { page, limit, data }),
  /** Every region the user sees, just what a map draws. */
  shapes: () => http.get<RegionShapeRow[]>('/basic/region/shapes', undefined, { silent: true }),
  create: (body: CreateRegionBody) => http.post<RegionRow>('/basic/region', body, { silent: true }),
  update: (body: UpdateRegionBody) => http.put<RegionRow>('/basic/region', body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/basic/region/${id}`, { silent: true }),
  /** false only when the server says the name is taken; other failures leave it to the save. */
  nameFree: (region_name: string, id?: number) =>
    http.get<boolean>('/basic/region/validator', { region_name, ...(id ? { id } : {}) }, { silent: true }).then(
      (free) => free !== false,
      (error: unknown) =>
        !(
          error instanceof ApiError &&
          error.code === ErrorCode.parameter &&
          (error.result as { field?: string } | null)?.field === 'region_name'
        ),
    ),
  /** The shape as the server would store it, or its 1004 reason. */
  checkPoint: (region_type: number, region_point: string) =>
    http.get<RegionPointCheck>('/basic/region/validator/code', { region_type, region_point }, { silent: true }),
  visits: (region_id: number, page: number, limit: number) =>
    http.get<ListResult<RegionVisitRow>>('/basic/region/visits', { region_id, page, limit }),
  /** Send the region to the vehicles' terminals (0x8600–0x8606); each vehicle's outcome. */
  push: (body: RegionPushBody) => http.post<RegionPushResult>('/basic/region/push', body, { silent: true }),
  /** Take it back (0x8601–0x8607). */
  unpush: (body: RegionPushBody) => http.post<RegionPushResult>('/basic/region/unpush', body, { silent: true }),
  pushes: (region_id: number) =>
    http.get<{ rows: RegionPushRow[] }>('/basic/region/pushes', { region_id }).then((r) => r.rows),
};

/** Query keys: every region write invalidates `regionKeys.all`, so lists, details and map layers refresh together. */
export const regionKeys = {
  all: ['regions'] as const,
  list: (page: number, limit: number, filter: RegionFilter) => ['regions', 'list', page, limit, filter] as const,
  shapes: ['regions', 'shapes'] as const,
  visits: (id: number, page: number) => ['regions', 'visits', id, page] as const,
  pushes: (id: number) => ['regions', 'pushes', id] as const,
};
