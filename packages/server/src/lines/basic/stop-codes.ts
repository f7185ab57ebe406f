import { distanceMetres, STOP_REUSE_RADIUS_M } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { TransitDatabase } from '../schema.ts';

// Stop codes and the bus stop a newly placed station becomes. A stop code is what people type and print; the
// console proposes the next number (GET /basic/busstops/get-max-stop) and a station placed by clicking on the map
// gets one the same way, so every station of a line is a bus stop the stop list, the union map and GTFS export see.

/** The largest all-digit stop code of the company plus one, as text ('1' for the first stop). */
export async function nextStopCode(db: Kysely<TransitDatabase>, companyId: number): Promise<string> {
  const rows = await db.selectFrom('bus_stops').select('stop_code').where('company_id', '=', companyId).execute();
  let max = 0;
  for (const { stop_code } of rows) {
    if (/^\d{1,15}$/.test(stop_code)) max = Math.max(max, Number(stop_code));
  }
  return String(max + 1);
}

/** A stop_id not yet used in the company: the code itself, else the code with a suffix (a GTFS id may hold it). */
export async function freeStopId(db: Kysely<TransitDatabase>, companyId: number, code: string): Promise<string> {
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? code : `${code}-${n}`;
    const taken = await db
      .selectFrom('bus_stops')
      .select('id')
      .where('company_id', '=', companyId)
      .where('stop_id', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

export interface PlacedStation {
  station_name: string;
  stop_id: string;
  lat: number;
  lng: number;
}

/**
 * Gives every station without a stop_id its bus stop: one of the same name within STOP_REUSE_RADIUS_M if the
 * company has it (both directions of a street share the stop's name and usually its place), else a new one. A
 * stop_id that names no stop of the company is refused by the caller before this runs.
 */
export async function assignStops(
  db: Kysely<TransitDatabase>,
  companyId: number,
  stations: PlacedStation[],
): Promise<void> {
  for (const s of stations) {
    if (s.stop_id) continue;
    const sameName = await db
      .selectFrom('bus_stops')
      .select(['stop_id', 'lat', 'lng'])
      .where('company_id', '=', companyId)
      .where('stop_name', '=', s.station_name)
      .execute();
    const near = sameName.find((stop) => distanceMetres([stop.lat, stop.lng], [s.lat, s.lng]) <= STOP_REUSE_RADIUS_M);
    if (near) {
      s.stop_id = near.stop_id;
      continue;
    }
    const code = await nextStopCode(db, companyId);
    const stopId = await freeStopId(db, companyId, code);
    await db
      .insertInto('bus_stops')
      .values({
        company_id: companyId,
        stop_id: stopId,
        stop_name: s.station_name,
        stop_code: code,
        lng: s.lng,
        lat: s.lat,
        routes: '',
      })
      .execute();
    s.stop_id = stopId;
  }
}

/** Rewrites each stop's `routes` (the codes of the lines stopping there) after lines changed. */
export async function refreshStopRoutes(db: Kysely<TransitDatabase>, companyId: number): Promise<void> {
  const [served, stops] = await Promise.all([
    db
      .selectFrom('line_stations as s')
      .innerJoin('lines as l', 'l.id', 's.line_id')
      .select(['s.stop_id', 'l.route_code'])
      .where('s.company_id', '=', companyId)
      .distinct()
      .execute(),
    db.selectFrom('bus_stops').select(['id', 'stop_id', 'routes']).where('company_id', '=', companyId).execute(),
  ]);
  const codes = new Map<string, Set<string>>();
  for (const r of served) {
    const set = codes.get(r.stop_id) ?? new Set<string>();
    set.add(r.route_code);
    codes.set(r.stop_id, set);
  }
  for (const stop of stops) {
    const routes = [...(codes.get(stop.stop_id) ?? [])].sort().join(',');
    if (routes !== stop.routes) await db.updateTable('bus_stops').set({ routes }).where('id', '=', stop.id).execute();
  }
}
