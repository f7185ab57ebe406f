import type { Kysely } from 'kysely';
import type { AlarmDetailFilter, AlarmDetailRow, ListResult } from '../../contract/index.ts';
import { parameterError } from '../../kernel/errors.ts';
import type { Database } from '../../store/schema.ts';
import { alarmDetailOf } from '../body.ts';
import type { AlarmRecord } from '../schema.ts';
import { type AlarmScope, alarmApiDb, inScope, seesNothing } from './scope.ts';

// POST /device/alarm/all and GET /device/alarm (spec "Alarm detail row"): the caller's alarms of a time range,
// newest first, with how many evidence files have arrived. The filter and its range check are shared with the
// xlsx export (POST /device/alarm/export takes the same body).

/** The longest range one query may span: a month of a storm is already more than anyone pages through. */
export const MAX_DETAIL_SPAN_SECONDS = 31 * 86_400;

/** end_time before start_time, or a range past 31 days → 1004 naming end_time. */
export function checkDetailRange(filter: Pick<AlarmDetailFilter, 'start_time' | 'end_time'>): void {
  if (filter.end_time < filter.start_time) {
    throw parameterError('data.end_time', 'end_time is before start_time');
  }
  if (filter.end_time - filter.start_time > MAX_DETAIL_SPAN_SECONDS) {
    throw parameterError('data.end_time', 'the range spans more than 31 days');
  }
}

/** The filtered alarms of the scope, unordered and unpaged (checkDetailRange first). */
export function detailQuery(db: Kysely<Database>, scope: AlarmScope, filter: AlarmDetailFilter) {
  const { route_id, car_list, alarm_list, is_readed, device_types, alarm_level } = filter;
  return alarmApiDb(db)
    .selectFrom('alarms')
    .where(inScope(scope))
    .where('alarms.event_time', '>=', filter.start_time)
    .where('alarms.event_time', '<=', filter.end_time)
    .$if(route_id !== undefined && route_id !== null, (q) => q.where('alarms.route_id', '=', route_id ?? 0))
    .$if(car_list !== undefined && car_list.length > 0, (q) => q.where('alarms.car_id', 'in', car_list ?? []))
    .$if(alarm_list !== undefined && alarm_list.length > 0, (q) =>
      q.where('alarms.platform_alarm_id', 'in', alarm_list ?? []),
    )
    .$if(is_readed !== undefined && is_readed !== null, (q) => q.where('alarms.is_readed', '=', is_readed ?? 0))
    .$if(device_types !== undefined && device_types.length > 0, (q) =>
      q.where('alarms.device_type', 'in', device_types ?? []),
    )
    .$if(alarm_level !== undefined, (q) => q.where('alarms.alarm_level', '=', alarm_level ?? 0));
}

/** Complete evidence files per alarm key of the company. */
export async function fileCounts(
  db: Kysely<Database>,
  companyId: number,
  alarmKeys: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const keys = [...new Set(alarmKeys)];
  if (keys.length === 0) return counts;
  const rows = await alarmApiDb(db)
    .selectFrom('alarm_files')
    .select(['alarm_key', (eb) => eb.fn.countAll<number>().as('n')])
    .where('company_id', '=', companyId)
    .where('alarm_key', 'in', keys)
    .where('complete', '=', 1)
    .groupBy('alarm_key')
    .execute();
  for (const row of rows) counts.set(row.alarm_key, Number(row.n));
  return counts;
}

async function withFiles(db: Kysely<Database>, companyId: number, rows: AlarmRecord[]): Promise<AlarmDetailRow[]> {
  const counts = await fileCounts(
    db,
    companyId,
    rows.map((r) => r.alarm_key),
  );
  return rows.map((r) => alarmDetailOf(r, counts.get(r.alarm_key) ?? 0));
}

export async function searchAlarms(
  db: Kysely<Database>,
  scope: AlarmScope,
  filter: AlarmDetailFilter,
  page: { page: number; limit: number },
): Promise<ListResult<AlarmDetailRow>> {
  checkDetailRange(filter);
  if (seesNothing(scope)) return { total: 0, rows: [] };
  const query = detailQuery(db, scope, filter);
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  if (total === 0) return { total, rows: [] };
  const rows = await query
    .selectAll('alarms')
    .orderBy('alarms.event_time', 'desc')
    .orderBy('alarms.id', 'desc')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  return { total, rows: await withFiles(db, scope.companyId, rows) };
}

/** One alarm of the scope, or undefined (missing, another company's, or outside the caller's consoles). */
export async function alarmDetail(
  db: Kysely<Database>,
  scope: AlarmScope,
  id: number,
): Promise<AlarmDetailRow | undefined> {
  if (seesNothing(scope)) return undefined;
  const row = await alarmApiDb(db)
    .selectFrom('alarms')
    .selectAll('alarms')
    .where(inScope(scope))
    .where('alarms.id', '=', id)
    .executeTakeFirst();
  return row ? (await withFiles(db, scope.companyId, [row]))[0] : undefined;
}
