import type { LineScope } from '../consoles/scope.ts';
import type { TrafficRow } from '../contract/line-map.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { MapLine } from './line-of.ts';
import type { LineMapDb } from './schema.ts';

// Station traffic states (spec section 3 "Station traffic status", section 9 "Set station traffic status"): one
// per station, 0 until a dispatcher sets it, kept until someone changes it (docs/line-map.md "Traffic").

/** Every station of the line in direction and serial order, with its state. */
export async function trafficOfLine(db: LineMapDb, companyId: number, line: MapLine): Promise<TrafficRow[]> {
  const rows = await db
    .selectFrom('line_stations as s')
    .leftJoin('station_traffic as t', (j) =>
      j.onRef('t.station_id', '=', 's.id').onRef('t.company_id', '=', 's.company_id'),
    )
    .select(['s.id', 's.direction', 's.serial', 's.station_name', 't.traffic_status', 't.updated_at', 't.updated_by'])
    .where('s.company_id', '=', companyId)
    .where('s.line_id', '=', line.id)
    .orderBy('s.direction')
    .orderBy('s.serial')
    .execute();
  return rows.map((r) => ({
    key: r.id,
    route_code: line.route_code,
    direction: r.direction,
    serial: r.serial,
    station_name: r.station_name,
    traffic_status: r.traffic_status ?? 0,
    updated_at: r.updated_at === null ? null : Number(r.updated_at),
    updated_by: r.updated_by ?? '',
  }));
}

export interface TrafficSet {
  row: TrafficRow;
  /** False when the station already had this state: nothing was written and nobody needs telling. */
  changed: boolean;
}

/**
 * Sets one station's state. A station of another company, of a line outside the caller's consoles, or none at all
 * → 1008. Setting the state it already has changes nothing (not even who set it or when).
 */
export async function setTraffic(
  db: LineMapDb,
  companyId: number,
  scope: LineScope,
  change: { key: number; trafficStatus: number; account: string; now: number },
): Promise<TrafficSet> {
  const station = await db
    .selectFrom('line_stations as s')
    .innerJoin('lines as l', (j) => j.onRef('l.id', '=', 's.line_id').onRef('l.company_id', '=', 's.company_id'))
    .leftJoin('station_traffic as t', (j) =>
      j.onRef('t.station_id', '=', 's.id').onRef('t.company_id', '=', 's.company_id'),
    )
    .select([
      's.id',
      's.line_id',
      's.direction',
      's.serial',
      's.station_name',
      'l.route_code',
      't.traffic_status',
      't.updated_at',
      't.updated_by',
    ])
    .where('s.company_id', '=', companyId)
    .where('s.id', '=', change.key)
    .executeTakeFirst();
  if (!station || (scope && !scope.has(station.line_id))) throw new ApiError(ErrorCode.recordMissing);
  const row: TrafficRow = {
    key: station.id,
    route_code: station.route_code,
    direction: station.direction,
    serial: station.serial,
    station_name: station.station_name,
    traffic_status: station.traffic_status ?? 0,
    updated_at: station.updated_at === null ? null : Number(station.updated_at),
    updated_by: station.updated_by ?? '',
  };
  if (row.traffic_status === change.trafficStatus) return { row, changed: false };
  const values = { traffic_status: change.trafficStatus, updated_at: change.now, updated_by: change.account };
  await db
    .insertInto('station_traffic')
    .values({ station_id: station.id, company_id: companyId, line_id: station.line_id, ...values })
    .onConflict((oc) => oc.column('station_id').doUpdateSet(values))
    .execute();
  return { row: { ...row, ...values }, changed: true };
}
