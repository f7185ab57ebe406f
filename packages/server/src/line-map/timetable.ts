import type { Timetable, TimetableDeparture } from '../contract/line-map.ts';
import type { LineMapDb } from './schema.ts';
import { addDays, serviceDayStart, weekdayOf } from './service-day.ts';

// A line's timetable from the imported GTFS tables (lines/gtfs: services = calendar.txt + calendar_dates.txt,
// departures = one row per trip with its first departure and last arrival). Scheduling's plans replace it when
// that lands (docs/line-map.md "Timetable").

export interface ServiceCalendar {
  service_id: string;
  /** Seven '0'/'1', Monday first. */
  weekdays: string;
  /** YYYYMMDD; empty for a service defined by calendar_dates.txt alone. */
  start_date: string;
  end_date: string;
  /** YYYYMMDD dates, comma-separated (calendar_dates.txt exception types 1 and 2). */
  added: string;
  removed: string;
}

export interface ScheduledTrip extends TimetableDeparture {
  direction: number;
  service_id: string;
}

/** The services and trips of one line: a few hundred rows, read once per request (or per cached headway). */
export interface LineSchedule {
  directions: number[];
  services: ServiceCalendar[];
  trips: ScheduledTrip[];
}

export async function lineSchedule(db: LineMapDb, companyId: number, lineId: number): Promise<LineSchedule> {
  const [directions, trips] = await Promise.all([
    db
      .selectFrom('line_directions')
      .select('direction')
      .where('company_id', '=', companyId)
      .where('line_id', '=', lineId)
      .execute(),
    db
      .selectFrom('departures')
      .select(['direction', 'service_id', 'trip_id', 'block_id', 'headsign', 'departure_time', 'arrival_time'])
      .where('company_id', '=', companyId)
      .where('line_id', '=', lineId)
      .orderBy('departure_time')
      .orderBy('trip_id')
      .execute(),
  ]);
  const serviceIds = [...new Set(trips.map((t) => t.service_id))];
  const services =
    serviceIds.length === 0
      ? []
      : await db
          .selectFrom('services')
          .select(['service_id', 'weekdays', 'start_date', 'end_date', 'added', 'removed'])
          .where('company_id', '=', companyId)
          .where('service_id', 'in', serviceIds)
          .execute();
  const all = new Set([...directions.map((d) => d.direction), ...trips.map((t) => t.direction)]);
  return {
    directions: [...all].sort((a, b) => a - b),
    services,
    trips: trips.map((t) => ({ ...t, departure_time: Number(t.departure_time), arrival_time: Number(t.arrival_time) })),
  };
}

const listed = (dates: string, date: string) => dates !== '' && dates.split(',').includes(date);

/** GTFS: a removed date wins, an added date runs, otherwise the weekday within the calendar's dates. */
export function runsOn(service: ServiceCalendar, date: string): boolean {
  if (listed(service.removed, date)) return false;
  if (listed(service.added, date)) return true;
  if (service.start_date === '' || service.end_date === '') return false;
  if (date < service.start_date || date > service.end_date) return false;
  return service.weekdays[weekdayOf(date)] === '1';
}

/** The trips of the service day `date`, each direction in departure order. */
export function timetableFor(routeCode: string, schedule: LineSchedule, date: string, timeZone: string): Timetable {
  const running = new Set(schedule.services.filter((s) => runsOn(s, date)).map((s) => s.service_id));
  return {
    route_code: routeCode,
    date,
    time_zone: timeZone,
    directions: schedule.directions.map((direction) => ({
      direction,
      departures: schedule.trips
        .filter((t) => t.direction === direction && running.has(t.service_id))
        .map(({ trip_id, block_id, headsign, departure_time, arrival_time }) => ({
          trip_id,
          block_id,
          headsign,
          departure_time,
          arrival_time,
        })),
    })),
  };
}

/**
 * Scheduled departures from the origin as epoch seconds, per direction, sorted: yesterday's service day (its trips
 * past midnight), today's and tomorrow's (its first trips, when `now` is late in the evening).
 */
export function departureEpochs(schedule: LineSchedule, today: string, zone: string): Map<number, number[]> {
  const out = new Map<number, number[]>(schedule.directions.map((d) => [d, []]));
  for (const date of [addDays(today, -1), today, addDays(today, 1)]) {
    const start = serviceDayStart(date, zone);
    for (const { direction, departures } of timetableFor('', schedule, date, zone).directions) {
      const list = out.get(direction) ?? [];
      for (const trip of departures) list.push(start + trip.departure_time);
      out.set(direction, list);
    }
  }
  for (const list of out.values()) list.sort((a, b) => a - b);
  return out;
}
