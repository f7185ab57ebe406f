import type { CommandState, MessageTarget } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { MessageLogRow } from '../../contract/commands.ts';
import type { ListResult } from '../../contract/lists.ts';
import type { Database } from '../../store/schema.ts';
import { commandDb, type MessageLogTable } from '../schema.ts';

// Writes to the message log: one row per vehicle a text went to. A queued row (state 0) is also the queue entry:
// its text, flag and target are all delivery needs (commands/queue). Below the writes: the log's list queries
// (GET /logs/message, its export) and the settling of rows by terminal replies.

export type NewMessageRow = Omit<MessageLogTable, 'id' | 'reply_msg'>;

export async function insertMessageRow(db: Kysely<Database>, row: NewMessageRow): Promise<number> {
  const inserted = await commandDb(db).insertInto('message_log').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** A row's outcome; `replyTime` when the terminal acknowledged or refused. */
export async function setMessageState(
  db: Kysely<Database>,
  id: number,
  state: CommandState,
  replyTime: number | null = null,
): Promise<void> {
  await commandDb(db)
    .updateTable('message_log')
    .set({ send_state: state, ...(replyTime !== null ? { reply_time: replyTime } : {}) })
    .where('id', '=', id)
    .execute();
}

/** A queued row leaves the queue: delivered now, at `sendTime`. False when another delivery claimed it first. */
export async function markMessageSent(db: Kysely<Database>, id: number, sendTime: number): Promise<boolean> {
  const result = await commandDb(db)
    .updateTable('message_log')
    .set({ send_state: 1, send_time: sendTime })
    .where('id', '=', id)
    .where('send_state', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A device's queued texts that have not expired, oldest first. */
export function queuedMessages(db: Kysely<Database>, deviceId: number, now: number) {
  return commandDb(db)
    .selectFrom('message_log')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('send_state', '=', 0)
    .where((eb) => eb.or([eb('expire_time', 'is', null), eb('expire_time', '>', now)]))
    .orderBy('id')
    .execute();
}

/** What a message log list may be narrowed by (the contract's MessageLogQuery, in the store's terms). */
export interface MessageLogFilter {
  companyId: number;
  /** Only this user's sends: callers who reach the log from a monitoring screen rather than the log screen. */
  userId?: number;
  uuid?: string;
  account?: string;
  vehicleId?: number;
  sendState?: number;
  startTime: number;
  endTime: number;
}

function messageLogQuery(db: Kysely<Database>, f: MessageLogFilter) {
  return commandDb(db)
    .selectFrom('message_log')
    .where('company_id', '=', f.companyId)
    .where('send_time', '>=', f.startTime)
    .where('send_time', '<=', f.endTime)
    .$if(f.userId !== undefined, (q) => q.where('user_id', '=', f.userId ?? 0))
    .$if(f.uuid !== undefined, (q) => q.where('uuid', '=', f.uuid ?? ''))
    .$if(f.account !== undefined, (q) => q.where('account', '=', f.account ?? ''))
    .$if(f.vehicleId !== undefined, (q) => q.where('vehicle_id', '=', f.vehicleId ?? 0))
    .$if(f.sendState !== undefined, (q) => q.where('send_state', '=', f.sendState ?? 0));
}

const LOG_COLUMNS = [
  'id',
  'uuid',
  'vehicle_id',
  'car_name',
  'msg',
  'flag',
  'target',
  'account',
  'send_time',
  'send_state',
  'reply_time',
  'reply_msg',
  'expire_time',
] as const;

type LogRecord = Pick<MessageLogTable, Exclude<(typeof LOG_COLUMNS)[number], 'id' | 'reply_msg'>> & {
  id: number;
  reply_msg: string;
};

function toRow(r: LogRecord): MessageLogRow {
  return {
    id: r.id,
    uuid: r.uuid,
    // The vehicle may have been deleted since (vehicle_id set null); its name is kept in the row.
    car_id: r.vehicle_id ?? 0,
    car_name: r.car_name,
    msg: r.msg,
    flag: r.flag,
    target: r.target as MessageTarget,
    account: r.account,
    send_time: r.send_time,
    send_state: r.send_state as CommandState,
    reply_time: r.reply_time,
    reply_msg: r.reply_msg,
    expire_time: r.expire_time,
  };
}

/** One page of the log, newest first, and how many rows match in all. */
export async function listMessageLog(
  db: Kysely<Database>,
  filter: MessageLogFilter,
  page: { page: number; limit: number },
): Promise<ListResult<MessageLogRow>> {
  const total = await countMessageLog(db, filter);
  if (total === 0) return { total, rows: [] };
  const rows = await messageLogQuery(db, filter)
    .select(LOG_COLUMNS)
    .orderBy('send_time', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
    .execute();
  return { total, rows: rows.map(toRow) };
}

export async function countMessageLog(db: Kysely<Database>, filter: MessageLogFilter): Promise<number> {
  const count = await messageLogQuery(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(count?.n ?? 0);
}

/** Every matching row, newest first, read in keyset pages so an export holds one page at a time. */
export async function* allMessageLog(
  db: Kysely<Database>,
  filter: MessageLogFilter,
  pageSize = 1000,
): AsyncGenerator<MessageLogRow> {
  let after: { sendTime: number; id: number } | undefined;
  for (;;) {
    const from = after;
    const rows = await messageLogQuery(db, filter)
      .$if(from !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('send_time', '<', from?.sendTime ?? 0),
            eb.and([eb('send_time', '=', from?.sendTime ?? 0), eb('id', '<', from?.id ?? 0)]),
          ]),
        ),
      )
      .select(LOG_COLUMNS)
      .orderBy('send_time', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .execute();
    for (const r of rows) yield toRow(r);
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    after = { sendTime: last.send_time, id: last.id };
  }
}

/**
 * A text row's outcome from the terminal's 0x0001 (or 1101). Only a row still waiting is changed: a driver's
 * answer (0x6006) may have come first and already marked it replied.
 */
export async function settleMessageRow(
  db: Kysely<Database>,
  id: number,
  state: CommandState,
  replyTime: number | null,
): Promise<void> {
  await commandDb(db)
    .updateTable('message_log')
    .set({ send_state: state, reply_time: replyTime })
    .where('id', '=', id)
    .where('send_state', '=', 1)
    .execute();
}

/** How long after a send a driver's text still counts as its answer. */
export const DRIVER_REPLY_WINDOW_SECONDS = 30 * 60;

/**
 * A driver's text (0x6006) as the answer to the newest text sent to that terminal lately (sent or already
 * acknowledged). A second answer to the same text is appended, not lost. Returns the row answered, if any.
 */
export async function recordDriverReply(
  db: Kysely<Database>,
  deviceId: number,
  text: string,
  now: number,
): Promise<number | undefined> {
  const cdb = commandDb(db);
  const row = await cdb
    .selectFrom('message_log')
    .select(['id', 'reply_msg'])
    .where('device_id', '=', deviceId)
    .where('send_state', 'in', [1, 2])
    .where('send_time', '>=', now - DRIVER_REPLY_WINDOW_SECONDS)
    .orderBy('send_time', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return undefined;
  await cdb
    .updateTable('message_log')
    .set({ send_state: 2, reply_time: now, reply_msg: row.reply_msg ? `${row.reply_msg}\n${text}` : text })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}
