import type { Kysely } from 'kysely';
import type { AlarmRulesLine, AlarmRulesVehicle } from '../../contract/index.ts';
import { transitDb } from '../../lines/schema.ts';
import { parseJson } from '../../store/json.ts';
import { contains } from '../../store/paging.ts';
import type { Database } from '../../store/schema.ts';
import { type AlarmRules, alarmRulesOf } from '../detection/rules.ts';

// Reads and writes behind /basic/alarm/rules and /basic/alarm/speed-limit, always within one company.

/** How many vehicles the picker's search answers: enough to choose from while typing. */
export const VEHICLE_SEARCH_LIMIT = 20;

/** How often a rules save retries when another writer changed `companies.config` in between. */
const CONFIG_ATTEMPTS = 5;

type JsonObject = Record<string, unknown>;

function objectOf(value: unknown): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}

export async function companyRules(db: Kysely<Database>, companyId: number): Promise<AlarmRules | undefined> {
  const row = await db.selectFrom('companies').select('config').where('id', '=', companyId).executeTakeFirst();
  return row ? alarmRulesOf(row.config) : undefined;
}

/**
 * Writes the rules into `companies.config`, keeping every other key (multiple_search_limit, time_zone, fields of
 * `alarm_rules` a later version adds). The config is one JSON text other screens also write, so the update only
 * applies to the text it was computed from and is recomputed when someone else got there first. False when the
 * company does not exist.
 */
export async function saveCompanyRules(db: Kysely<Database>, companyId: number, rules: AlarmRules): Promise<boolean> {
  for (let attempt = 0; attempt < CONFIG_ATTEMPTS; attempt++) {
    const row = await db.selectFrom('companies').select('config').where('id', '=', companyId).executeTakeFirst();
    if (!row) return false;
    const config = objectOf(parseJson<unknown>(row.config, {}));
    const next = JSON.stringify({ ...config, alarm_rules: { ...objectOf(config.alarm_rules), ...rules } });
    const result = await db
      .updateTable('companies')
      .set({ config: next })
      .where('id', '=', companyId)
      .where('config', '=', row.config)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return true;
  }
  throw new Error(`companies.config of company ${companyId} kept changing during the alarm rules save`);
}

export async function lineLimits(db: Kysely<Database>, companyId: number, lineId?: number): Promise<AlarmRulesLine[]> {
  let query = transitDb(db)
    .selectFrom('lines')
    .select(['id as route_id', 'route_code', 'route_name', 'speed_limit'])
    .where('company_id', '=', companyId);
  if (lineId !== undefined) query = query.where('id', '=', lineId);
  return query.orderBy('sort_id').orderBy('route_code').orderBy('id').execute();
}

export type VehicleFilter = { limited: true } | { search: string } | { carId: number };

export async function vehicleLimits(
  db: Kysely<Database>,
  companyId: number,
  filter: VehicleFilter,
): Promise<AlarmRulesVehicle[]> {
  let query = transitDb(db)
    .selectFrom('vehicles as v')
    .leftJoin('lines as l', (j) => j.onRef('l.id', '=', 'v.line_id').onRef('l.company_id', '=', 'v.company_id'))
    .select(['v.id as car_id', 'v.car_name', 'v.lpn', 'l.route_name', 'v.speed_limit'])
    .where('v.company_id', '=', companyId);
  if ('limited' in filter) query = query.where('v.speed_limit', 'is not', null);
  else if ('carId' in filter) query = query.where('v.id', '=', filter.carId);
  else {
    const text = filter.search.trim();
    if (text) query = query.where((eb) => eb.or([contains('v.car_name', text), contains('v.lpn', text)]));
    query = query.limit(VEHICLE_SEARCH_LIMIT);
  }
  const rows = await query.orderBy('v.car_name').orderBy('v.id').execute();
  return rows.map((r) => ({ ...r, route_name: r.route_name ?? '' }));
}

/** Sets one line's or vehicle's limit; false when the company has no such line or vehicle. */
export async function setSpeedLimit(
  db: Kysely<Database>,
  companyId: number,
  kind: 'line' | 'vehicle',
  id: number,
  speedLimit: number | null,
): Promise<boolean> {
  const result = await transitDb(db)
    .updateTable(kind === 'line' ? 'lines' : 'vehicles')
    .set({ speed_limit: speedLimit })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
