import type { Kysely } from 'kysely';
import type { AlarmDetailFilter } from '../../contract/alarms.ts';
import type { Database } from '../../store/schema.ts';
import { type AlarmScope, detailQuery } from '../api/index.ts';
import { customTypes } from '../api/platform-types.ts';
import { seesNothing } from '../api/scope.ts';

// The alarms an export holds: exactly the details list's (POST /device/alarm/all, same body, same filter and
// scope: alarms/api/details.ts), read in keyset pages so a 50,000-row export never holds more than one page of
// rows besides the workbook stream.

export interface ExportedAlarm {
  id: number;
  car_name: string;
  lpn: string;
  imei: string;
  route_name: string;
  alarm_type: number;
  alarm_level: number;
  platform_alarm_id: number;
  device_type: string;
  speed: number;
  event_time: number;
  end_time: number | null;
  lat: number;
  lng: number;
  is_readed: number;
  remark: string;
  read_by_name: string;
}

export async function countExportedAlarms(
  db: Kysely<Database>,
  scope: AlarmScope,
  filter: AlarmDetailFilter,
): Promise<number> {
  if (seesNothing(scope)) return 0;
  const row = await detailQuery(db, scope, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Newest first, like the details list; `pageSize` rows per query. */
export async function* exportedAlarms(
  db: Kysely<Database>,
  scope: AlarmScope,
  filter: AlarmDetailFilter,
  pageSize = 1000,
): AsyncGenerator<ExportedAlarm> {
  if (seesNothing(scope)) return;
  let after: { eventTime: number; id: number } | undefined;
  for (;;) {
    const from = after;
    const rows = await detailQuery(db, scope, filter)
      .$if(from !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('alarms.event_time', '<', from?.eventTime ?? 0),
            eb.and([eb('alarms.event_time', '=', from?.eventTime ?? 0), eb('alarms.id', '<', from?.id ?? 0)]),
          ]),
        ),
      )
      .select([
        'alarms.id',
        'alarms.car_name',
        'alarms.lpn',
        'alarms.imei',
        'alarms.route_name',
        'alarms.alarm_type',
        'alarms.alarm_level',
        'alarms.platform_alarm_id',
        'alarms.device_type',
        'alarms.speed',
        'alarms.event_time',
        'alarms.end_time',
        'alarms.lat',
        'alarms.lng',
        'alarms.is_readed',
        'alarms.remark',
        'alarms.read_by_name',
      ])
      .orderBy('alarms.event_time', 'desc')
      .orderBy('alarms.id', 'desc')
      .limit(pageSize)
      .execute();
    for (const r of rows) {
      // PostgreSQL hands bigint columns back as strings.
      yield {
        ...r,
        id: Number(r.id),
        event_time: Number(r.event_time),
        end_time: r.end_time === null ? null : Number(r.end_time),
        speed: Number(r.speed),
        lat: Number(r.lat),
        lng: Number(r.lng),
      };
    }
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { eventTime: Number(last.event_time), id: Number(last.id) };
  }
}

/** The company's own alarm types' names (group 200): alarmLabel's fallback for codes the catalogue lacks. */
export async function customAlarmNames(db: Kysely<Database>, companyId: number): Promise<Map<number, string>> {
  return new Map((await customTypes(db, companyId)).map((t) => [t.platform_alarm_id, t.alarm_name]));
}
