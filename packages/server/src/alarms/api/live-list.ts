import { type Kysely, sql } from 'kysely';
import type { AlarmRealResult, AlarmRealRow } from '../../contract/index.ts';
import type { Database } from '../../store/schema.ts';
import { alarmBodyOf } from '../body.ts';
import { type AlarmDb, type AlarmScope, alarmApiDb, inScope, seesNothing } from './scope.ts';

// GET /device/alarm/real (spec "Alarm (live list)"): the unread alarms of a recent window, one row per vehicle and
// alarm type with its count and newest alarm. A console with its alarm dialog open polls it (every 30 s, and at most
// every 10 s while alarms arrive; the badge asks for the count alone), so the work stays in the database and scales with the groups, not the alarms: one GROUP BY over the (company_id, is_readed, event_time)
// index counts the groups, a correlated lookup on (company_id, car_id, event_time) finds each group's newest id, and only
// those rows (at most `maxRows`) are read whole. A window-function version sorted every unread alarm of a storm:
// with 45,000 unread alarms of 500 vehicles it took about 70 ms against 28 ms here on SQLite, where the event
// loop waits for the query (better-sqlite3 is synchronous); PostgreSQL answers in 25–45 ms.

export interface LiveListQuery {
  /** Epoch seconds: alarms older than this are left out. */
  since: number;
  routeId?: number | undefined;
  /** Codes the user's web notice is off for. */
  hidden: readonly number[];
  /** Groups returned at most (newest first); `total` still counts every unread alarm. */
  maxRows: number;
}

export type LiveCountQuery = Omit<LiveListQuery, 'maxRows'>;

/** An alarm of no known vehicle is grouped by its terminal instead. */
const TERMINAL = sql<string | null>`case when alarms.car_id is null then alarms.imei end`;

/** Ids per `IN` list: under SQLite's bound-parameter cap. */
const CHUNK = 500;

/** The live list's alarms: unread, in the window, in scope, on the line asked for, of types with web notice on. */
function unreadInWindow(db: Kysely<AlarmDb>, scope: AlarmScope, query: LiveCountQuery) {
  return db
    .selectFrom('alarms')
    .where(inScope(scope))
    .where('alarms.is_readed', '=', 0)
    .where('alarms.event_time', '>=', query.since)
    .$if(query.routeId !== undefined, (q) => q.where('alarms.route_id', '=', query.routeId ?? 0))
    .$if(query.hidden.length > 0, (q) => q.where('alarms.platform_alarm_id', 'not in', [...query.hidden]));
}

/**
 * The live list's `total` alone (`count_only`, the navbar badge): one COUNT over the same filter, no grouping and
 * no rows. A range of the (company_id, is_readed, event_time) index, plus a look at each row for the preference,
 * line and console conditions. Measured with 50,000 unread alarms of 1,000 vehicles in the window (and 50,000 read
 * older ones): SQLite 1 ms (no types hidden: the index alone) to 4 ms (two types hidden), PostgreSQL 4–6 ms
 * (bitmap scan of that index); the whole list takes 32–35 ms on SQLite, 24–27 ms on PostgreSQL, and 420–526 KB.
 */
export async function liveAlarmCount(
  db: Kysely<Database>,
  scope: AlarmScope,
  query: LiveCountQuery,
): Promise<AlarmRealResult> {
  if (seesNothing(scope)) return { total: 0, rows: [] };
  const row = await unreadInWindow(alarmApiDb(db), scope, query)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirst();
  return { total: Number(row?.n ?? 0), rows: [] };
}

export async function liveAlarmList(
  db: Kysely<Database>,
  scope: AlarmScope,
  query: LiveListQuery,
): Promise<AlarmRealResult> {
  if (seesNothing(scope)) return { total: 0, rows: [] };
  const adb = alarmApiDb(db);
  const groups = unreadInWindow(adb, scope, query)
    .select([
      'alarms.car_id',
      TERMINAL.as('terminal'),
      'alarms.platform_alarm_id',
      (eb) => eb.fn.countAll<number>().as('alarm_count'),
      (eb) => eb.fn.max('alarms.event_time').as('newest'),
    ])
    .groupBy(['alarms.car_id', TERMINAL, 'alarms.platform_alarm_id']);

  const heads = await adb
    .with('g', () => groups)
    .selectFrom('g')
    .select([
      'g.alarm_count',
      (eb) =>
        eb
          .selectFrom('g as every')
          .select((s) => s.fn.sum<number>('every.alarm_count').as('n'))
          .as('total'),
      (eb) => {
        // The newest of the group: by vehicle on (company_id, car_id, event_time), by terminal when none.
        const newest = eb
          .selectFrom('alarms as b')
          .select((s) => s.fn.max('b.id').as('id'))
          .where('b.company_id', '=', scope.companyId)
          .whereRef('b.event_time', '=', 'g.newest')
          .whereRef('b.platform_alarm_id', '=', 'g.platform_alarm_id')
          .where('b.is_readed', '=', 0)
          .$if(query.routeId !== undefined, (q) => q.where('b.route_id', '=', query.routeId ?? 0));
        return eb
          .case()
          .when('g.car_id', 'is', null)
          .then(newest.where('b.car_id', 'is', null).whereRef('b.imei', '=', 'g.terminal'))
          .else(newest.whereRef('b.car_id', '=', 'g.car_id'))
          .end()
          .as('last_id');
      },
    ])
    .orderBy('g.newest', 'desc')
    .limit(query.maxRows)
    .execute();
  if (heads.length === 0) return { total: 0, rows: [] };

  const ids = heads.map((h) => Number(h.last_id));
  const records = new Map<number, AlarmRealRow['last']>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await adb
      .selectFrom('alarms')
      .selectAll()
      .where('company_id', '=', scope.companyId)
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) records.set(Number(row.id), alarmBodyOf(row));
  }

  const rows: AlarmRealRow[] = [];
  heads.forEach((head, index) => {
    const last = records.get(ids[index] ?? 0);
    if (!last) return;
    rows.push({
      car_id: last.car_id,
      car_name: last.car_name,
      route_id: last.route_id,
      lpn: last.lpn,
      imei: last.imei,
      route_name: last.route_name,
      alarm_count: Number(head.alarm_count),
      platform_alarm_id: last.platform_alarm_id,
      alarm_type: last.alarm_type,
      device_type: last.device_type,
      event_time: last.event_time,
      last,
    });
  });
  // Equal newest times: the later stored first, as the details list orders them.
  rows.sort((a, b) => b.event_time - a.event_time || b.last.id - a.last.id);
  return { total: Number(heads[0]?.total ?? 0), rows };
}
