import type { ListResult } from '@headway/server/contract';
import { TRACK_MAX_SPAN_DAYS } from '@headway/spec';
import type { DepartArriveQuery, DepartArriveRow } from '../api';
import { type ReplayEvent, replayOrder } from './replay-machine';

// The emulated replay's search (spec section 4 "Emulated replay", section 8 "Replay: warning for over 7 days; warning
// for no data"): the station events of a line (and a vehicle) in a time range, paged forward in time from
// POST /device/depart/arrive (order 'asc', 200 a page, the largest page size).

export const PAGE_LIMIT = 200;
/** More events than this is not a replay anyone watches (at the fastest step, over half an hour): narrow it. */
export const MAX_REPLAY_EVENTS = 20_000;

export interface ReplaySearch {
  route_code: string;
  car_id?: number | undefined;
  start_time: number;
  end_time: number;
}

export type SearchProblem = 'needLine' | 'needRange' | 'tooLong';

/** What is wrong with a search before it is sent, or null. */
export function searchProblem(search: Partial<ReplaySearch>): SearchProblem | null {
  if (!search.route_code) return 'needLine';
  if (search.start_time === undefined || search.end_time === undefined || search.end_time <= search.start_time) {
    return 'needRange';
  }
  if (search.end_time - search.start_time > TRACK_MAX_SPAN_DAYS * 86_400) return 'tooLong';
  return null;
}

export type LoadResult =
  | { kind: 'events'; events: ReplayEvent[] }
  | { kind: 'none' }
  | { kind: 'tooMany'; total: number };

/** Every event of the search, oldest first; stops before fetching when there are too many. */
export async function loadEvents(
  search: ReplaySearch,
  fetchPage: (query: DepartArriveQuery) => Promise<ListResult<DepartArriveRow>>,
  onProgress: (loaded: number, total: number) => void = () => {},
  signal?: AbortSignal,
): Promise<LoadResult> {
  const data: DepartArriveQuery['data'] = {
    route_code: search.route_code,
    start_time: search.start_time,
    end_time: search.end_time,
    order: 'asc',
    ...(search.car_id ? { car_id: search.car_id } : {}),
  };
  const first = await fetchPage({ page: 1, limit: PAGE_LIMIT, data });
  if (first.total === 0 || first.rows.length === 0) return { kind: 'none' };
  if (first.total > MAX_REPLAY_EVENTS) return { kind: 'tooMany', total: first.total };
  const events: ReplayEvent[] = [...first.rows];
  onProgress(events.length, first.total);
  for (let page = 2; events.length < first.total; page++) {
    signal?.throwIfAborted();
    const next = await fetchPage({ page, limit: PAGE_LIMIT, data });
    if (next.rows.length === 0) break;
    events.push(...next.rows);
    onProgress(events.length, first.total);
  }
  // Events written while paging shift the pages by a row or two: drop any seen twice.
  const unique = new Map(events.map((e) => [e.id, e]));
  return { kind: 'events', events: replayOrder([...unique.values()]) };
}
