import { readCsv } from './csv.ts';
import { DATE, parseCoordinate, parseGtfsTime, parseInteger } from './fields.ts';
import { cumulativeDistances } from './geometry.ts';
import { GtfsImportError, ProblemLog } from './problems.ts';
import { byteCounter, type StepProgress } from './progress.ts';
import type { GtfsAgency, GtfsFeed, GtfsRoute, GtfsService, GtfsShape, GtfsStop, GtfsTrip } from './types.ts';
import { type FeedArchive, openFeedArchive } from './zip.ts';

const REQUIRED_COLUMNS: Record<string, string[]> = {
  'agency.txt': ['agency_name', 'agency_timezone'],
  'stops.txt': ['stop_id', 'stop_lat', 'stop_lon'],
  'routes.txt': ['route_id'],
  'trips.txt': ['route_id', 'service_id', 'trip_id'],
  'stop_times.txt': ['trip_id', 'stop_id', 'stop_sequence', 'arrival_time', 'departure_time'],
  'shapes.txt': ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence'],
  'calendar.txt': ['service_id', 'monday', 'start_date', 'end_date'],
  'calendar_dates.txt': ['service_id', 'date', 'exception_type'],
};
const REQUIRED_FILES = ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt'];
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * Reads and validates a GTFS zip. Every problem is collected with its file and line; if any is found the whole
 * feed is rejected with a GtfsImportError listing them, so an operator fixes the feed once rather than one error
 * per run. stop_times.txt (the big file) is streamed and kept as compact per-trip arrays.
 */
export async function readGtfsFeed(source: string | Buffer, onProgress?: StepProgress): Promise<GtfsFeed> {
  const archive = await openFeedArchive(source);
  try {
    return await readFromArchive(archive, onProgress);
  } finally {
    archive.close();
  }
}

async function readFromArchive(zip: FeedArchive, onProgress?: StepProgress): Promise<GtfsFeed> {
  const log = new ProblemLog();
  for (const file of REQUIRED_FILES) if (!zip.has(file)) log.add(file, 0, 'required file is missing');
  if (!zip.has('calendar.txt') && !zip.has('calendar_dates.txt')) {
    log.add('calendar.txt', 0, 'required file is missing (neither calendar.txt nor calendar_dates.txt is present)');
  }
  if (log.total > 0) throw new GtfsImportError(log.problems, log.total);

  // Progress is the share of the files' uncompressed bytes read so far (stop_times.txt is most of it).
  const total = Object.keys(REQUIRED_COLUMNS).reduce((sum, file) => sum + zip.size(file), 0) || 1;
  let read = 0;
  const table = async (file: string) => {
    const raw = await zip.open(file);
    let stream = raw;
    if (onProgress) {
      const counter = byteCounter((bytes) => {
        read += bytes;
        onProgress(Math.min(1, read / total));
      });
      // A broken entry (bad deflate data) fails the reader, as it does without the counter.
      raw.on('error', (error) => counter.destroy(error));
      stream = raw.pipe(counter);
    }
    const csv = await readCsv(stream);
    const missing = (REQUIRED_COLUMNS[file] ?? []).filter((c) => !csv.columns.includes(c));
    for (const c of missing) log.add(file, 1, `required column ${c} is missing`);
    return missing.length ? null : csv;
  };

  const agencies: GtfsAgency[] = [];
  const agencyCsv = await table('agency.txt');
  if (agencyCsv) {
    for await (const row of agencyCsv.rows) {
      agencies.push({
        agencyId: row.get('agency_id'),
        name: row.get('agency_name'),
        timezone: row.get('agency_timezone'),
        url: row.get('agency_url'),
      });
      if (!row.get('agency_name')) log.add('agency.txt', row.line, 'agency_name is empty');
    }
    if (agencies.length === 0) log.add('agency.txt', 0, 'no agency');
  }

  const stops = new Map<string, GtfsStop>();
  const stopsCsv = await table('stops.txt');
  if (stopsCsv) {
    for await (const row of stopsCsv.rows) {
      const stopId = row.get('stop_id');
      // Stations, entrances and nodes (location_type 1–4) are not places a bus stops at.
      const locationType = row.get('location_type');
      if (locationType !== '' && locationType !== '0') continue;
      if (!stopId) {
        log.add('stops.txt', row.line, 'stop_id is empty');
        continue;
      }
      if (stops.has(stopId)) log.add('stops.txt', row.line, `duplicate stop_id "${stopId}"`);
      const lat = parseCoordinate(row.get('stop_lat'), 90);
      const lng = parseCoordinate(row.get('stop_lon'), 180);
      if (lat === null || lng === null || (lat === 0 && lng === 0)) {
        log.add(
          'stops.txt',
          row.line,
          `bad coordinates "${row.get('stop_lat')}","${row.get('stop_lon')}" for stop "${stopId}"`,
        );
        continue;
      }
      stops.set(stopId, { stopId, code: row.get('stop_code'), name: row.get('stop_name') || stopId, lat, lng });
    }
  }

  const routes = new Map<string, GtfsRoute>();
  const agencyIds = new Set(agencies.map((a) => a.agencyId));
  const routesCsv = await table('routes.txt');
  if (routesCsv) {
    for await (const row of routesCsv.rows) {
      const routeId = row.get('route_id');
      const agencyId = row.get('agency_id') || (agencies[0]?.agencyId ?? '');
      if (!routeId) log.add('routes.txt', row.line, 'route_id is empty');
      else if (routes.has(routeId)) log.add('routes.txt', row.line, `duplicate route_id "${routeId}"`);
      else if (agencies.length > 1 && !agencyIds.has(agencyId)) {
        log.add('routes.txt', row.line, `unknown agency_id "${agencyId}"`);
      } else if (!row.get('route_short_name') && !row.get('route_long_name')) {
        log.add('routes.txt', row.line, 'route has neither route_short_name nor route_long_name');
      } else {
        routes.set(routeId, {
          routeId,
          agencyId,
          shortName: row.get('route_short_name'),
          longName: row.get('route_long_name'),
          desc: row.get('route_desc'),
          type: Number(row.get('route_type') || 3),
          color: row.get('route_color'),
          textColor: row.get('route_text_color'),
        });
      }
    }
  }

  const shapes = zip.has('shapes.txt') ? await readShapes(zip, log, table) : new Map<string, GtfsShape>();
  const services = await readServices(zip, log, table);

  const trips = new Map<string, GtfsTrip>();
  const tripsCsv = await table('trips.txt');
  if (tripsCsv) {
    for await (const row of tripsCsv.rows) {
      const tripId = row.get('trip_id');
      const routeId = row.get('route_id');
      const serviceId = row.get('service_id');
      const shapeId = row.get('shape_id');
      const dir = row.get('direction_id');
      const bad = (message: string) => log.add('trips.txt', row.line, message);
      if (!tripId) bad('trip_id is empty');
      else if (trips.has(tripId)) bad(`duplicate trip_id "${tripId}"`);
      else if (!routes.has(routeId)) bad(`unknown route_id "${routeId}" in trip "${tripId}"`);
      else if (!services.has(serviceId)) bad(`unknown service_id "${serviceId}" in trip "${tripId}"`);
      else if (shapeId && !shapes.has(shapeId)) bad(`unknown shape_id "${shapeId}" in trip "${tripId}"`);
      else if (dir !== '' && dir !== '0' && dir !== '1') bad(`direction_id must be 0 or 1, got "${dir}"`);
      else {
        trips.set(tripId, {
          tripId,
          routeId,
          serviceId,
          directionId: dir === '' ? null : (Number(dir) as 0 | 1),
          blockId: row.get('block_id'),
          shapeId,
          headsign: row.get('trip_headsign'),
          stopIds: [],
          arrivals: [],
          departures: [],
        });
      }
    }
  }

  const stopTimeCount = await readStopTimes(zip, log, table, trips, stops);
  if (log.total > 0) throw new GtfsImportError(log.problems, log.total);
  return { agencies, routes, stops, shapes, trips, services, stopTimeCount };
}

type TableOpener = (file: string) => Promise<Awaited<ReturnType<typeof readCsv>> | null>;

async function readShapes(zip: FeedArchive, log: ProblemLog, table: TableOpener): Promise<Map<string, GtfsShape>> {
  const points = new Map<string, { seq: number; lat: number; lng: number }[]>();
  const csv = await table('shapes.txt');
  if (csv) {
    for await (const row of csv.rows) {
      const shapeId = row.get('shape_id');
      const lat = parseCoordinate(row.get('shape_pt_lat'), 90);
      const lng = parseCoordinate(row.get('shape_pt_lon'), 180);
      const seq = parseInteger(row.get('shape_pt_sequence'));
      if (!shapeId) log.add('shapes.txt', row.line, 'shape_id is empty');
      else if (lat === null || lng === null || (lat === 0 && lng === 0)) {
        log.add('shapes.txt', row.line, `bad coordinates "${row.get('shape_pt_lat')}","${row.get('shape_pt_lon')}"`);
      } else if (seq === null || seq < 0)
        log.add('shapes.txt', row.line, `bad shape_pt_sequence "${row.get('shape_pt_sequence')}"`);
      else {
        const list = points.get(shapeId);
        if (list) list.push({ seq, lat, lng });
        else points.set(shapeId, [{ seq, lat, lng }]);
      }
    }
  }
  void zip;
  const shapes = new Map<string, GtfsShape>();
  for (const [shapeId, list] of points) {
    list.sort((a, b) => a.seq - b.seq);
    const lats = list.map((p) => p.lat);
    const lngs = list.map((p) => p.lng);
    shapes.set(shapeId, { shapeId, lats, lngs, cum: cumulativeDistances(lats, lngs) });
  }
  return shapes;
}

async function readServices(zip: FeedArchive, log: ProblemLog, table: TableOpener): Promise<Map<string, GtfsService>> {
  const services = new Map<string, GtfsService>();
  const service = (serviceId: string) => {
    let s = services.get(serviceId);
    if (!s) {
      s = { serviceId, days: WEEKDAYS.map(() => false), startDate: '', endDate: '', added: [], removed: [] };
      services.set(serviceId, s);
    }
    return s;
  };
  if (zip.has('calendar.txt')) {
    const csv = await table('calendar.txt');
    if (csv) {
      for await (const row of csv.rows) {
        const start = row.get('start_date');
        const end = row.get('end_date');
        if (!row.get('service_id')) log.add('calendar.txt', row.line, 'service_id is empty');
        else if (!DATE.test(start) || !DATE.test(end))
          log.add('calendar.txt', row.line, `bad date "${start}"–"${end}"`);
        else {
          const s = service(row.get('service_id'));
          s.days = WEEKDAYS.map((d) => row.get(d) === '1');
          s.startDate = start;
          s.endDate = end;
        }
      }
    }
  }
  if (zip.has('calendar_dates.txt')) {
    const csv = await table('calendar_dates.txt');
    if (csv) {
      for await (const row of csv.rows) {
        const date = row.get('date');
        const type = row.get('exception_type');
        if (!DATE.test(date)) log.add('calendar_dates.txt', row.line, `bad date "${date}"`);
        else if (type !== '1' && type !== '2')
          log.add('calendar_dates.txt', row.line, `exception_type must be 1 or 2, got "${type}"`);
        else {
          const s = service(row.get('service_id'));
          (type === '1' ? s.added : s.removed).push(date);
        }
      }
    }
  }
  return services;
}

/**
 * Streams stop_times.txt into the trips. Rows are usually grouped by trip and sorted by stop_sequence; when they
 * are not, the trip is sorted afterwards. Empty times between timepoints are interpolated evenly (GTFS allows
 * times only at timepoints), but the first and last stop of a trip must carry times.
 */
async function readStopTimes(
  _zip: FeedArchive,
  log: ProblemLog,
  table: TableOpener,
  trips: Map<string, GtfsTrip>,
  stops: Map<string, GtfsStop>,
): Promise<number> {
  const csv = await table('stop_times.txt');
  if (!csv) return 0;
  const FILE = 'stop_times.txt';
  const sequences = new Map<string, number[]>();
  const unsorted = new Set<string>();
  const firstLine = new Map<string, number>();
  let count = 0;
  for await (const row of csv.rows) {
    count++;
    const tripId = row.get('trip_id');
    const stopId = row.get('stop_id');
    const trip = trips.get(tripId);
    if (!trip) {
      log.add(FILE, row.line, `unknown trip_id "${tripId}"`);
      continue;
    }
    if (!stops.has(stopId)) {
      log.add(FILE, row.line, `unknown stop_id "${stopId}" in trip "${tripId}"`);
      continue;
    }
    const seq = parseInteger(row.get('stop_sequence'));
    if (seq === null || seq < 0) {
      log.add(FILE, row.line, `bad stop_sequence "${row.get('stop_sequence')}"`);
      continue;
    }
    const arrText = row.get('arrival_time');
    const depText = row.get('departure_time');
    let arr = arrText === '' ? -1 : parseGtfsTime(arrText);
    let dep = depText === '' ? -1 : parseGtfsTime(depText);
    if (arr === null || dep === null) {
      log.add(FILE, row.line, `bad time "${arr === null ? arrText : depText}" (expected H:MM:SS)`);
      continue;
    }
    if (arr < 0) arr = dep;
    if (dep < 0) dep = arr;
    if (dep < arr) {
      log.add(FILE, row.line, `departure_time ${depText} is before arrival_time ${arrText}`);
      continue;
    }
    let seqs = sequences.get(tripId);
    if (!seqs) {
      seqs = [];
      sequences.set(tripId, seqs);
      firstLine.set(tripId, row.line);
    }
    const last = seqs[seqs.length - 1];
    if (last !== undefined && seq <= last) unsorted.add(tripId);
    seqs.push(seq);
    trip.stopIds.push(stopId);
    trip.arrivals.push(arr);
    trip.departures.push(dep);
  }
  for (const tripId of unsorted) sortTrip(trips.get(tripId)!, sequences.get(tripId)!);
  for (const trip of trips.values()) {
    const line = firstLine.get(trip.tripId) ?? 0;
    if (trip.stopIds.length < 2) {
      log.add(FILE, line, `trip "${trip.tripId}" has ${trip.stopIds.length} stop time(s); at least 2 are needed`);
      continue;
    }
    const problem = interpolateTimes(trip);
    if (problem) log.add(FILE, line, `trip "${trip.tripId}": ${problem}`);
  }
  return count;
}

function sortTrip(trip: GtfsTrip, seqs: number[]): void {
  const order = seqs.map((_, i) => i).sort((a, b) => seqs[a]! - seqs[b]!);
  trip.stopIds = order.map((i) => trip.stopIds[i]!);
  trip.arrivals = order.map((i) => trip.arrivals[i]!);
  trip.departures = order.map((i) => trip.departures[i]!);
}

/** Fills stops without times by even spacing between timepoints; returns a problem or null. */
function interpolateTimes(trip: GtfsTrip): string | null {
  const n = trip.stopIds.length;
  if (trip.arrivals[0]! < 0 || trip.arrivals[n - 1]! < 0) return 'first and last stop must have times';
  let prev = 0;
  for (let i = 1; i < n; i++) {
    if (trip.arrivals[i]! < 0) continue;
    if (trip.arrivals[i]! < trip.departures[prev]!) {
      return `times go backwards at stop ${i + 1} (${trip.stopIds[i]})`;
    }
    for (let k = prev + 1; k < i; k++) {
      const t = Math.round(
        trip.departures[prev]! + ((trip.arrivals[i]! - trip.departures[prev]!) * (k - prev)) / (i - prev),
      );
      trip.arrivals[k] = t;
      trip.departures[k] = t;
    }
    prev = i;
  }
  return null;
}
