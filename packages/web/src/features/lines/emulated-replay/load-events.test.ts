import type { ListResult } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import type { DepartArriveQuery, DepartArriveRow } from '../api';
import { loadEvents, MAX_REPLAY_EVENTS, PAGE_LIMIT, searchProblem } from './load-events';

const T = 1_763_700_000;

function row(id: number): DepartArriveRow {
  return {
    id,
    imei: 'i1',
    car_id: 1,
    car_name: '8201',
    route_code: 'S40',
    route_name: 'S40',
    serial: (id % 9) + 1,
    station_name: `S${id}`,
    direction: 1,
    flag: (id % 2) + 1,
    event_time: T + id,
    state: 0,
    support: 0,
  };
}

/** A server holding `count` events, answering pages in ascending order. */
function server(count: number) {
  const asked: DepartArriveQuery[] = [];
  const all = Array.from({ length: count }, (_, i) => row(i + 1));
  const fetchPage = async (q: DepartArriveQuery): Promise<ListResult<DepartArriveRow>> => {
    asked.push(q);
    return { total: all.length, rows: all.slice((q.page - 1) * q.limit, q.page * q.limit) };
  };
  return { asked, fetchPage };
}

const search = { route_code: 'S40', start_time: T, end_time: T + 3600 };

describe('emulated replay search', () => {
  it('checks the line, the range and the 7-day limit before asking', () => {
    expect(searchProblem({ ...search, route_code: '' })).toBe('needLine');
    expect(searchProblem({ route_code: 'S40' })).toBe('needRange');
    expect(searchProblem({ ...search, end_time: T })).toBe('needRange');
    expect(searchProblem({ ...search, end_time: T + 7 * 86_400 })).toBeNull();
    expect(searchProblem({ ...search, end_time: T + 7 * 86_400 + 1 })).toBe('tooLong');
  });

  it('pages forward in time, 200 at a time, with the vehicle when chosen', async () => {
    const { asked, fetchPage } = server(450);
    const progress: number[] = [];
    const result = await loadEvents({ ...search, car_id: 7 }, fetchPage, (n) => progress.push(n));
    expect(result.kind).toBe('events');
    expect(result.kind === 'events' && result.events.map((e) => e.id)).toEqual(
      Array.from({ length: 450 }, (_, i) => i + 1),
    );
    expect(asked.map((q) => q.page)).toEqual([1, 2, 3]);
    expect(asked[0]).toEqual({
      page: 1,
      limit: PAGE_LIMIT,
      data: { route_code: 'S40', start_time: T, end_time: T + 3600, order: 'asc', car_id: 7 },
    });
    expect(progress).toEqual([200, 400, 450]);
  });

  it('says when there is nothing, and refuses too many without fetching them', async () => {
    expect(await loadEvents(search, server(0).fetchPage)).toEqual({ kind: 'none' });
    const big = server(MAX_REPLAY_EVENTS + 1);
    expect(await loadEvents(search, big.fetchPage)).toEqual({ kind: 'tooMany', total: MAX_REPLAY_EVENTS + 1 });
    expect(big.asked).toHaveLength(1);
  });

  it('drops an event seen twice when new rows shift the pages', async () => {
    let calls = 0;
    const fetchPage = async (q: DepartArriveQuery): Promise<ListResult<DepartArriveRow>> => {
      calls++;
      // The second page repeats the first page's last row (a row was inserted before it meanwhile).
      const start = q.page === 1 ? 0 : q.limit - 1;
      return { total: 250, rows: Array.from({ length: q.page === 1 ? 200 : 51 }, (_, i) => row(start + i + 1)) };
    };
    const result = await loadEvents(search, fetchPage);
    expect(calls).toBe(2);
    expect(result.kind === 'events' && result.events.length).toBe(250);
  });
});
