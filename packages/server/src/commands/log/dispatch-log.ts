import type { CommandState } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { DispatchLogQuery, DispatchLogRow } from '../../contract/commands.ts';
import type { ListResult } from '../../contract/lists.ts';
import { parameterError } from '../../kernel/errors.ts';
import type { Database } from '../../store/schema.ts';
import { commandDb, type DispatchLogTable } from '../schema.ts';

// Writes to the dispatch (command) log: one row per command to one terminal. A queued row (state 0) carries the
// message to deliver in `payload` (commands/wire.ts) until its terminal reconnects.

export type NewDispatchRow = Omit<DispatchLogTable, 'id'>;

export async function insertDispatchRow(db: Kysely<Database>, row: NewDispatchRow): Promise<number> {
  const inserted = await commandDb(db).insertInto('dispatch_log').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** A command's outcome: the terminal's result byte, or the platform code (1101) when it did not answer. */
export async function settleDispatchRow(
  db: Kysely<Database>,
  id: number,
  outcome: { state: CommandState; result: number | null; replyTime: number | null },
): Promise<void> {
  await commandDb(db)
    .updateTable('dispatch_log')
    .set({ state: outcome.state, result: outcome.result, reply_time: outcome.replyTime })
    .where('id', '=', id)
    .execute();
}

/**
 * A queued command leaves the queue: sent now; its payload is no longer needed. False when another delivery
 * claimed it first.
 */
export async function markDispatchSent(db: Kysely<Database>, id: number, sendTime: number): Promise<boolean> {
  const result = await commandDb(db)
    .updateTable('dispatch_log')
    .set({ state: 1, send_time: sendTime, payload: null })
    .where('id', '=', id)
    .where('state', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A device's queued commands that have not expired, oldest first. */
export function queuedCommands(db: Kysely<Database>, deviceId: number, now: number) {
  return commandDb(db)
    .selectFrom('dispatch_log')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('state', '=', 0)
    .where((eb) => eb.or([eb('expire_time', 'is', null), eb('expire_time', '>', now)]))
    .orderBy('id')
    .execute();
}

// Reads of the command log screen (GET /logs/dispatch and its export): the company's rows, newest first.

/** What the list and the export filter by (DispatchLogQuery without paging). */
export type DispatchLogFilter = Omit<DispatchLogQuery, 'page' | 'limit'>;

/** The log screen's longest span (as the alarm details': 31 days). */
export const MAX_DISPATCH_LOG_SPAN_SECONDS = 31 * 24 * 3600;

export function checkDispatchLogRange(filter: Pick<DispatchLogFilter, 'start_time' | 'end_time'>): void {
  if (filter.end_time < filter.start_time) throw parameterError('end_time', 'end_time is before start_time');
  if (filter.end_time - filter.start_time > MAX_DISPATCH_LOG_SPAN_SECONDS) {
    throw parameterError('end_time', 'the range spans more than 31 days');
  }
}

function filtered(db: Kysely<Database>, companyId: number, filter: DispatchLogFilter) {
  const { car_id, account, command, state } = filter;
  return commandDb(db)
    .selectFrom('dispatch_log')
    .where('company_id', '=', companyId)
    .where('send_time', '>=', filter.start_time)
    .where('send_time', '<=', filter.end_time)
    .$if(car_id !== undefined, (q) => q.where('vehicle_id', '=', car_id ?? 0))
    .$if(account !== undefined && account !== '', (q) => q.where('account', '=', account ?? ''))
    .$if(command !== undefined, (q) => q.where('command', '=', command ?? 0))
    .$if(state !== undefined, (q) => q.where('state', '=', state ?? 0));
}

const ROW_COLUMNS = [
  'id',
  'vehicle_id',
  'car_name',
  'imei',
  'account',
  'command',
  'action',
  'request',
  'state',
  'result',
  'send_time',
  'reply_time',
  'expire_time',
] as const;

type Selected = Omit<Pick<DispatchLogTable, (typeof ROW_COLUMNS)[number]>, 'id'> & { id: number };

/** PostgreSQL returns bigint columns as strings. */
function optionalTime(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

function rowOf(r: Selected): DispatchLogRow {
  return {
    id: r.id,
    car_id: r.vehicle_id,
    car_name: r.car_name,
    imei: r.imei,
    account: r.account,
    command: r.command,
    action: r.action,
    request: r.request,
    state: r.state as CommandState,
    result: r.result,
    send_time: Number(r.send_time),
    reply_time: optionalTime(r.reply_time),
    expire_time: optionalTime(r.expire_time),
  };
}

export async function countDispatchLog(
  db: Kysely<Database>,
  companyId: number,
  filter: DispatchLogFilter,
): Promise<number> {
  const counted = await filtered(db, companyId, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(counted?.n ?? 0);
}

export async function listDispatchLog(
  db: Kysely<Database>,
  companyId: number,
  query: DispatchLogQuery,
): Promise<ListResult<DispatchLogRow>> {
  checkDispatchLogRange(query);
  const total = await countDispatchLog(db, companyId, query);
  if (total === 0) return { total, rows: [] };
  const limit = query.limit ?? 20;
  const rows = await filtered(db, companyId, query)
    .select([...ROW_COLUMNS])
    .orderBy('send_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(((query.page ?? 1) - 1) * limit)
    .execute();
  return { total, rows: rows.map(rowOf) };
}

/** Every matching row, newest first, read in keyset pages of `pageSize` (the export). */
export async function* exportedDispatchLog(
  db: Kysely<Database>,
  companyId: number,
  filter: DispatchLogFilter,
  pageSize = 1000,
): AsyncGenerator<DispatchLogRow> {
  let after: { sendTime: number; id: number } | undefined;
  for (;;) {
    const from = after;
    const rows = await filtered(db, companyId, filter)
      .$if(from !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('send_time', '<', from?.sendTime ?? 0),
            eb.and([eb('send_time', '=', from?.sendTime ?? 0), eb('id', '<', from?.id ?? 0)]),
          ]),
        ),
      )
      .select([...ROW_COLUMNS])
      .orderBy('send_time', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .execute();
    for (const r of rows) yield rowOf(r);
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { sendTime: Number(last.send_time), id: last.id };
  }
}
