import type { Kysely } from 'kysely';
import { departuresDb } from '../departures/schema.ts';
import type { Database } from '../store/schema.ts';

// positions carry no line: the line, direction and last station of a track point come from the vehicle's station
// events (departures/, filled by the ingest), merged in time order — the last event at or before the point.

/**
 * An event older than this before the point says nothing about it: a bus that stopped passing stations an hour
 * ago (parked, in the depot, off its line) is shown without a line rather than at a station it left long ago.
 * Longer than any layover or run between two stations.
 */
export const ROUTE_FILL_MAX_GAP_SECONDS = 3600;

export interface StationMark {
  event_time: number;
  route_code: string;
  route_name: string;
  direction: number;
  serial: number;
  station_name: string;
}

/** Walks one vehicle's events alongside its points; points must be asked for in time order. */
export class RouteFill {
  private next = 0;
  private current: StationMark | undefined;

  constructor(private readonly events: readonly StationMark[]) {}

  /** The last event at or before `eventTime`, unless it is older than ROUTE_FILL_MAX_GAP_SECONDS. */
  at(eventTime: number): StationMark | undefined {
    const events = this.events;
    while (this.next < events.length && (events[this.next] as StationMark).event_time <= eventTime) {
      this.current = events[this.next];
      this.next++;
    }
    const current = this.current;
    return current && eventTime - current.event_time <= ROUTE_FILL_MAX_GAP_SECONDS ? current : undefined;
  }
}

/**
 * The events that can fill points of these vehicles in [start, end], per vehicle in time order: one indexed
 * range read (station_events_car_time), no query per point.
 */
export async function stationMarks(
  db: Kysely<Database>,
  companyId: number,
  carIds: readonly number[],
  start: number,
  end: number,
): Promise<Map<number, StationMark[]>> {
  const marks = new Map<number, StationMark[]>();
  if (carIds.length === 0) return marks;
  const edb = departuresDb(db);
  // Chunked: SQLite caps bound parameters per statement.
  for (let i = 0; i < carIds.length; i += 500) {
    const rows = await edb
      .selectFrom('station_events')
      .select(['car_id', 'event_time', 'route_code', 'route_name', 'direction', 'serial', 'station_name'])
      .where('company_id', '=', companyId)
      .where('car_id', 'in', carIds.slice(i, i + 500))
      .where('event_time', '>=', start - ROUTE_FILL_MAX_GAP_SECONDS)
      .where('event_time', '<=', end)
      .orderBy('car_id')
      .orderBy('event_time')
      .orderBy('id')
      .execute();
    for (const r of rows) {
      let list = marks.get(r.car_id);
      if (!list) {
        list = [];
        marks.set(r.car_id, list);
      }
      list.push({
        event_time: Number(r.event_time),
        route_code: r.route_code,
        route_name: r.route_name,
        direction: r.direction,
        serial: r.serial,
        station_name: r.station_name,
      });
    }
  }
  return marks;
}
