import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Direction, LineCategory, LineGeometry } from '../progress/index.ts';
import { parseSpecPath } from '../progress/index.ts';
import type { Database } from '../store/schema.ts';
import { ingestDb } from './schema.ts';

// What the ingest needs to know about a terminal's vehicle and its line, cached in memory: the hot path does no
// query. Refreshed on a timer (cheap signature queries decide whether lines must be reloaded) and on demand when a
// terminal of an unknown vehicle reports.

export interface VehicleInfo {
  companyId: number;
  carId: number;
  carName: string;
  /** The vehicle's IMEI (what the vehicle tree calls node_data.imei), or the terminal phone when it has none. */
  imei: string;
  terminalPhone: string;
  routeCode: string | null;
  routeName: string | null;
  /** The line's id (alarm records carry it as route_id). */
  routeId: number | null;
  /** Licence plate. */
  lpn: string;
  /** km/h over-speed limit: the vehicle's own, else its line's; null = the company's default, 0 = none. */
  speedLimit: number | null;
}

export interface LineInfo {
  companyId: number;
  routeCode: string;
  routeName: string;
  geometry: LineGeometry;
  /** JSON of the geometry: recompile only when it changes. */
  fingerprint: string;
}

export interface DirectorySnapshot {
  /** By `${companyId}|${terminalPhone}`. */
  vehicles: Map<string, VehicleInfo>;
  /** By `${companyId}|${routeCode}`. */
  lines: Map<string, LineInfo>;
  /** emp_no → emp_name by `${companyId}|${empNo}`. */
  employees: Map<string, string>;
}

export const vehicleKey = (companyId: number, phone: string) => `${companyId}|${phone}`;
export const lineKey = (companyId: number, routeCode: string) => `${companyId}|${routeCode}`;

export async function loadVehicles(db: Kysely<Database>): Promise<Map<string, VehicleInfo>> {
  const rows = await ingestDb(db)
    .selectFrom('vehicles as v')
    .innerJoin('devices as d', (j) => j.onRef('d.id', '=', 'v.device_id').onRef('d.company_id', '=', 'v.company_id'))
    .leftJoin('lines as l', (j) => j.onRef('l.id', '=', 'v.line_id').onRef('l.company_id', '=', 'v.company_id'))
    .select([
      'v.company_id',
      'v.id',
      'v.car_name',
      'v.imei',
      'v.lpn',
      'v.speed_limit',
      'd.terminal_phone',
      'l.id as line_id',
      'l.route_code',
      'l.route_name',
      'l.speed_limit as line_speed_limit',
    ])
    .execute();
  const out = new Map<string, VehicleInfo>();
  for (const r of rows) {
    out.set(vehicleKey(r.company_id, r.terminal_phone), {
      companyId: r.company_id,
      carId: r.id,
      carName: r.car_name,
      imei: r.imei || r.terminal_phone,
      terminalPhone: r.terminal_phone,
      routeCode: r.route_code ?? null,
      routeName: r.route_name ?? null,
      routeId: r.line_id ?? null,
      lpn: r.lpn,
      speedLimit: r.speed_limit ?? r.line_speed_limit ?? null,
    });
  }
  return out;
}

export async function loadEmployees(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await ingestDb(db).selectFrom('employees').select(['company_id', 'emp_no', 'emp_name']).execute();
  return new Map(rows.map((r) => [`${r.company_id}|${r.emp_no}`, r.emp_name]));
}

/** A cheap summary of the line tables: when it changes, the geometries are reloaded. */
export async function linesSignature(db: Kysely<Database>): Promise<string> {
  const tdb = ingestDb(db);
  const [lines, stations, paths] = await Promise.all([
    tdb
      .selectFrom('lines')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(id), 0)`.as('ids'),
        sql<number>`coalesce(sum(category + length(route_code) + length(route_name)), 0)`.as('x'),
      ])
      .executeTakeFirst(),
    tdb
      .selectFrom('line_stations')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(id), 0)`.as('ids'),
        sql<number>`coalesce(sum(distance + lat + lng + serial), 0)`.as('x'),
      ])
      .executeTakeFirst(),
    tdb
      .selectFrom('line_paths')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(id), 0)`.as('ids'),
        sql<number>`coalesce(sum(length(path) + variant), 0)`.as('x'),
      ])
      .executeTakeFirst(),
  ]);
  const f = (r: { n: number; ids: number; x: number } | undefined) =>
    r ? `${Number(r.n)}:${Number(r.ids)}:${Number(r.x).toFixed(3)}` : '-';
  return `${f(lines)}/${f(stations)}/${f(paths)}`;
}

export async function loadLines(db: Kysely<Database>): Promise<Map<string, LineInfo>> {
  const tdb = ingestDb(db);
  const [lines, paths, stations] = await Promise.all([
    tdb.selectFrom('lines').select(['id', 'company_id', 'route_code', 'route_name', 'category']).execute(),
    tdb
      .selectFrom('line_paths')
      .select(['line_id', 'direction', 'path', 'variant', 'shape_id', 'trips'])
      .orderBy('id')
      .execute(),
    tdb
      .selectFrom('line_stations')
      .select(['line_id', 'direction', 'serial', 'station_name', 'distance', 'duration', 'lng', 'lat'])
      .orderBy('line_id')
      .orderBy('direction')
      .orderBy('serial')
      .execute(),
  ]);
  // One main path per direction (variant 0) and the variants trips take instead (migration 0008).
  const pathOf = new Map(paths.filter((p) => p.variant === 0).map((p) => [`${p.line_id}|${p.direction}`, p.path]));
  const variantsOf = new Map<string, NonNullable<LineGeometry['directions'][number]['variants']>>();
  for (const p of paths) {
    if (p.variant === 0) continue;
    const k = `${p.line_id}|${p.direction}`;
    const entry = { path: parseSpecPath(p.path), shapeId: p.shape_id, trips: p.trips };
    const list = variantsOf.get(k);
    if (list) list.push(entry);
    else variantsOf.set(k, [entry]);
  }
  const stationsOf = new Map<string, typeof stations>();
  for (const s of stations) {
    const k = `${s.line_id}|${s.direction}`;
    let list = stationsOf.get(k);
    if (!list) {
      list = [];
      stationsOf.set(k, list);
    }
    list.push(s);
  }
  const out = new Map<string, LineInfo>();
  for (const l of lines) {
    const directions: LineGeometry['directions'] = [];
    for (const direction of [1, 2] as Direction[]) {
      const path = parseSpecPath(pathOf.get(`${l.id}|${direction}`) ?? '');
      const st = stationsOf.get(`${l.id}|${direction}`) ?? [];
      if (path.length < 2 || st.length < 2) continue;
      const timed = st.some((s) => s.duration > 0);
      const variants = variantsOf.get(`${l.id}|${direction}`);
      directions.push({
        direction,
        path,
        ...(variants ? { variants } : {}),
        stations: st.map((s) => ({
          serial: s.serial,
          name: s.station_name,
          distance: s.distance,
          lng: s.lng,
          lat: s.lat,
          ...(timed ? { duration: s.duration } : {}),
        })),
      });
    }
    if (directions.length === 0) continue;
    const category = (l.category === 1 || l.category === 2 ? l.category : 0) as LineCategory;
    const geometry: LineGeometry = { routeCode: l.route_code, routeName: l.route_name, category, directions };
    out.set(lineKey(l.company_id, l.route_code), {
      companyId: l.company_id,
      routeCode: l.route_code,
      routeName: l.route_name,
      geometry,
      fingerprint: JSON.stringify(geometry),
    });
  }
  return out;
}
