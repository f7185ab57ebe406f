import type { Writable } from 'node:stream';
import type { Kysely } from 'kysely';
import yazl from 'yazl';
import { parseJson } from '../../store/json.ts';
import type { Database } from '../../store/schema.ts';
import { formatGtfsTime } from '../gtfs/fields.ts';
import { transitDb } from '../schema.ts';
import { CsvFile } from './csv-file.ts';

// A company's lines, stations, timetable and shapes as a GTFS zip (docs/exports.md "GTFS"). Headway keeps, per
// direction, the main pattern's stations with their scheduled seconds from the origin, and per trip its first
// departure and last arrival: a trip's stop_times are the direction's stations, timed along the stations'
// durations and stretched to the trip's own span. Importing the file (lines/import-feed.ts) gives back the same
// lines, stations, bus stops, services and trips.

export interface GtfsExportCounts {
  agency: number;
  stops: number;
  routes: number;
  trips: number;
  stopTimes: number;
  shapes: number;
  calendar: number;
  calendarDates: number;
}

/** GTFS direction_id from Headway's direction (1 up, 2 down). */
const directionId = (direction: number) => (direction === 2 ? 1 : 0);

/** "lat,lng|lat,lng|…" (the spec's path format) → points. */
function pathPoints(path: string): [number, number][] {
  return path
    .split('|')
    .map((p) => p.split(',').map(Number) as [number, number])
    .filter(([lat, lng]) => Number.isFinite(lat) && Number.isFinite(lng));
}

/** Seconds from the trip's start at each station: the stations' durations stretched to the trip's span. */
export function stationTimes(durations: readonly number[], start: number, end: number): number[] {
  const first = durations[0] ?? 0;
  const last = durations[durations.length - 1] ?? 0;
  const span = Math.max(0, end - start);
  const n = durations.length;
  let previous = start;
  return durations.map((d, i) => {
    const share = last > first ? (d - first) / (last - first) : n > 1 ? i / (n - 1) : 0;
    const time = Math.max(previous, Math.round(start + share * span));
    previous = time;
    return time;
  });
}

interface DepartureRow {
  id: number;
  line_id: number;
  direction: number;
  service_id: string;
  trip_id: string;
  block_id: string;
  shape_id: string;
  headsign: string;
  departure_time: number;
  arrival_time: number;
}

export async function writeGtfsFeed(
  database: Kysely<Database>,
  companyId: number,
  out: Writable,
): Promise<GtfsExportCounts> {
  const db = transitDb(database);
  const zip = new yazl.ZipFile();
  const finished = new Promise<void>((resolve, reject) => {
    zip.outputStream.on('error', reject);
    out.on('error', reject);
    out.on('finish', resolve);
  });
  zip.outputStream.pipe(out);
  const file = (name: string, columns: string[]) => {
    const csv = new CsvFile(columns, out);
    zip.addReadStream(csv.stream, name);
    return csv;
  };

  const company = await db
    .selectFrom('companies')
    .select(['id', 'name', 'config'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const config = parseJson<{ time_zone?: string; url?: string; agency_url?: string }>(company.config, {});
  const agency = file('agency.txt', ['agency_id', 'agency_name', 'agency_url', 'agency_timezone']);
  // agency_url is required by GTFS; a company without a web site of record gets its console's address form.
  await agency.row([
    String(company.id),
    company.name,
    config.agency_url ?? config.url ?? `https://headway.local/companies/${company.id}`,
    config.time_zone ?? 'UTC',
  ]);
  agency.end();

  const lines = await db
    .selectFrom('lines')
    .select(['id', 'route_code', 'route_name', 'color', 'gtfs_route_id', 'sort_id'])
    .where('company_id', '=', companyId)
    .orderBy('sort_id')
    .orderBy('id')
    .execute();
  const stations = await db
    .selectFrom('line_stations')
    .select(['line_id', 'direction', 'serial', 'station_name', 'stop_id', 'duration', 'lat', 'lng'])
    .where('company_id', '=', companyId)
    .orderBy('line_id')
    .orderBy('direction')
    .orderBy('serial')
    .execute();
  const busStops = await db
    .selectFrom('bus_stops')
    .select(['stop_id', 'stop_code', 'stop_name', 'lat', 'lng'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();

  const stops = file('stops.txt', ['stop_id', 'stop_code', 'stop_name', 'stop_lat', 'stop_lon']);
  const written = new Set<string>();
  for (const s of busStops) {
    written.add(s.stop_id);
    await stops.row([s.stop_id, s.stop_code, s.stop_name, s.lat, s.lng]);
  }
  // A station drawn in the console may have no bus stop row: it still needs a stop of its own.
  const stationStopId = (s: { line_id: number; direction: number; serial: number; stop_id: string }) =>
    s.stop_id || `hw-${s.line_id}-${s.direction}-${s.serial}`;
  for (const s of stations) {
    const id = stationStopId(s);
    if (written.has(id)) continue;
    written.add(id);
    await stops.row([id, '', s.station_name, s.lat, s.lng]);
  }
  stops.end();

  const routes = file('routes.txt', [
    'route_id',
    'agency_id',
    'route_short_name',
    'route_long_name',
    'route_type',
    'route_color',
  ]);
  const routeIdOf = new Map<number, string>();
  for (const line of lines) {
    const routeId = line.gtfs_route_id || line.route_code;
    routeIdOf.set(line.id, routeId);
    await routes.row([routeId, String(company.id), line.route_code, line.route_name, 3, line.color.replace(/^#/, '')]);
  }
  routes.end();

  const services = await db
    .selectFrom('services')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  const calendar = file('calendar.txt', [
    'service_id',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
    'sunday',
    'start_date',
    'end_date',
  ]);
  // The zip takes its files one after the other: each is written whole before the next begins.
  for (const s of services) {
    if (s.start_date && s.end_date) {
      await calendar.row([s.service_id, ...s.weekdays.padEnd(7, '0').slice(0, 7).split(''), s.start_date, s.end_date]);
    }
  }
  calendar.end();
  const calendarDates = file('calendar_dates.txt', ['service_id', 'date', 'exception_type']);
  for (const s of services) {
    for (const date of s.added.split(',').filter(Boolean)) await calendarDates.row([s.service_id, date, 1]);
    for (const date of s.removed.split(',').filter(Boolean)) await calendarDates.row([s.service_id, date, 2]);
  }
  calendarDates.end();

  const shapes = file('shapes.txt', ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence']);
  const paths = await db
    .selectFrom('line_paths')
    .select(['line_id', 'direction', 'shape_id', 'path', 'variant'])
    .where('company_id', '=', companyId)
    .orderBy('line_id')
    .orderBy('direction')
    .orderBy('variant')
    .orderBy('id')
    .execute();
  const shapeIds = new Set<string>();
  const mainShape = new Map<string, string>();
  for (const p of paths) {
    const shapeId = p.shape_id || `hw-${p.line_id}-${p.direction}-${p.variant}`;
    if (p.variant === 0) mainShape.set(`${p.line_id}:${p.direction}`, shapeId);
    if (shapeIds.has(shapeId)) continue;
    shapeIds.add(shapeId);
    let sequence = 0;
    for (const [lat, lng] of pathPoints(p.path)) await shapes.row([shapeId, lat, lng, ++sequence]);
  }
  shapes.end();

  type StationRow = (typeof stations)[number];
  const byDirection = new Map<string, StationRow[]>();
  for (const s of stations) {
    const key = `${s.line_id}:${s.direction}`;
    const list = byDirection.get(key);
    if (list) list.push(s);
    else byDirection.set(key, [s]);
  }
  async function eachDeparture(
    visit: (d: DepartureRow, route: string, list: StationRow[], key: string) => Promise<void>,
  ): Promise<void> {
    let lastId = 0;
    // Departures in batches by id: a company's timetable can run to hundreds of thousands of stop times.
    for (;;) {
      const batch = await db
        .selectFrom('departures')
        .select([
          'id',
          'line_id',
          'direction',
          'service_id',
          'trip_id',
          'block_id',
          'shape_id',
          'headsign',
          'departure_time',
          'arrival_time',
        ])
        .where('company_id', '=', companyId)
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(1000)
        .execute();
      for (const d of batch) {
        const key = `${d.line_id}:${d.direction}`;
        const route = routeIdOf.get(d.line_id);
        const list = byDirection.get(key);
        // A trip needs at least two stops in GTFS; a direction without stations has no timetable to give.
        if (route && list && list.length >= 2) await visit(d, route, list, key);
      }
      const last = batch[batch.length - 1];
      if (!last || batch.length < 1000) return;
      lastId = last.id;
    }
  }

  const trips = file('trips.txt', [
    'route_id',
    'service_id',
    'trip_id',
    'trip_headsign',
    'direction_id',
    'block_id',
    'shape_id',
  ]);
  await eachDeparture(async (d, route, _list, key) => {
    const shapeId = d.shape_id && shapeIds.has(d.shape_id) ? d.shape_id : (mainShape.get(key) ?? '');
    await trips.row([route, d.service_id, d.trip_id, d.headsign, directionId(d.direction), d.block_id, shapeId]);
  });
  trips.end();
  const stopTimes = file('stop_times.txt', ['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence']);
  await eachDeparture(async (d, _route, list) => {
    const times = stationTimes(
      list.map((s) => s.duration),
      d.departure_time,
      d.arrival_time,
    );
    for (const [i, s] of list.entries()) {
      const time = formatGtfsTime(times[i] ?? d.departure_time);
      await stopTimes.row([d.trip_id, time, time, stationStopId(s), i + 1]);
    }
  });
  stopTimes.end();
  zip.end();
  await finished;
  return {
    agency: agency.lines,
    stops: stops.lines,
    routes: routes.lines,
    trips: trips.lines,
    stopTimes: stopTimes.lines,
    shapes: shapeIds.size,
    calendar: calendar.lines,
    calendarDates: calendarDates.lines,
  };
}
