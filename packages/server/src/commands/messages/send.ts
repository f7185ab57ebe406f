import { encodeGbk, type Jt808Message } from '@headway/protocol';
import { CAPABILITY_BITS, type CommandState, CommandStateCode, hasBit, MESSAGE_MAX_BYTES } from '@headway/spec';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { SendMessageBody, SendMessageResult, SendMessageRow } from '../../contract/commands.ts';
import { ApiError, ErrorCode, isApiError, parameterError } from '../../kernel/errors.ts';
import { type Clock, epochSeconds } from '../../kernel/time.ts';
import type { Database } from '../../store/schema.ts';
import { insertMessageRow, markMessageSent, settleMessageRow } from '../log/message-log.ts';
import type { CommandRouter } from '../router.ts';
import { type CommandTarget, targetsByCarIds } from '../target.ts';
import { flagByte, textMessage } from '../text-message.ts';

// POST /dispatch/send-msg (docs/commands.md "Dispatch messages"): one 0x8300 per vehicle, each logged as a
// message_log row. Terminals answer at their own pace; the caller gets what is known after a short wait and
// polls the log (by uuid) for the rest, as the chat window does.

/**
 * How long the answer waits for terminals' acknowledgements: long enough for a healthy terminal on one or two
 * nodes to answer, short enough that a send to a fleet with silent terminals still returns promptly.
 */
export const SEND_WAIT_MS = 1500;

export interface Sender {
  companyId: number;
  userId: number;
  account: string;
}

export interface SendDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Absent when no command path runs on this node (commands/module.ts not started): 1101. */
  router: CommandRouter | undefined;
  log: FastifyBaseLogger;
}

/** The text as it goes out: trimmed, not blank, at most 1024 bytes once GBK-encoded (what 0x8300 carries). */
export function checkedText(msg: string): string {
  const text = msg.trim();
  if (text === '') throw parameterError('msg', 'blank');
  if (encodeGbk(text).length > MESSAGE_MAX_BYTES) {
    throw parameterError('msg', `longer than ${MESSAGE_MAX_BYTES} bytes in GBK`);
  }
  return text;
}

/**
 * What happens to one vehicle before anything is sent. A vehicle whose device cannot show text (capability bit
 * 10, `sendMessage`, off) gets a row in state 3 and nothing is sent, rather than failing the whole send with 1004:
 * the chat addresses a tree selection that may mix device types, the other vehicles should still get the text,
 * and the row tells the dispatcher which one did not. A vehicle without a terminal is not reachable (4), queue or
 * not: there is no device to deliver to on reconnect.
 */
async function firstState(router: CommandRouter, target: CommandTarget, queue: boolean): Promise<CommandState> {
  if (!target.terminalPhone || target.deviceId === null) return CommandStateCode.unreachable;
  if (!hasBit(target.capabilities, CAPABILITY_BITS.sendMessage)) return CommandStateCode.refused;
  if (await router.isOnline(target.terminalPhone)) return CommandStateCode.sent;
  return queue ? CommandStateCode.queued : CommandStateCode.unreachable;
}

export async function sendMessage(deps: SendDeps, sender: Sender, body: SendMessageBody): Promise<SendMessageResult> {
  const { db, clock } = deps;
  const text = checkedText(body.msg);
  const targets = await targetsByCarIds(db, sender, body.car_list);
  const router = deps.router;
  if (!router) throw new ApiError(ErrorCode.processing, null, 'no command path on this node');

  const now = epochSeconds(clock);
  const flag = flagByte(body.flag);
  const target = body.target ?? '';
  const message = textMessage(text, flag, target);
  const expireTime = body.queue ? now + body.queue.expire_hours * 3600 : null;

  const rows: SendMessageRow[] = [];
  const deliveries: Promise<void>[] = [];
  await Promise.all(
    targets.map(async (t, i) => {
      const state = await firstState(router, t, body.queue !== undefined);
      const id = await insertMessageRow(db, {
        company_id: sender.companyId,
        uuid: body.uuid,
        vehicle_id: t.vehicleId,
        device_id: t.deviceId,
        car_name: t.carName,
        terminal_phone: t.terminalPhone,
        msg: text,
        flag,
        target,
        user_id: sender.userId,
        account: sender.account,
        send_time: now,
        send_state: state,
        reply_time: null,
        expire_time: state === CommandStateCode.queued ? expireTime : null,
      });
      const sendNow = state === CommandStateCode.sent || (await claimedOnReconnect(deps, router, t, state, id, now));
      const row: SendMessageRow = {
        car_id: t.vehicleId,
        car_name: t.carName,
        id,
        send_state: sendNow ? CommandStateCode.sent : state,
      };
      rows[i] = row;
      if (sendNow) deliveries.push(deliver(deps, router, t.terminalPhone, message, row));
    }),
  );

  await settledOrAfter(deliveries, SEND_WAIT_MS);
  const count = (...states: CommandState[]) => rows.filter((r) => states.includes(r.send_state)).length;
  return {
    send_count: count(CommandStateCode.sent, CommandStateCode.replied),
    reply_count: count(CommandStateCode.replied),
    queued_count: count(CommandStateCode.queued),
    rows,
  };
}

/**
 * A queued row whose terminal came online between the check and the insert: its attach may have delivered the queue
 * before this row existed, and nothing would deliver it until the next connection. Claimed like the queue claims
 * (0 → 1), so if the attach's delivery saw the row first it keeps it and this sends nothing.
 */
async function claimedOnReconnect(
  deps: SendDeps,
  router: CommandRouter,
  target: CommandTarget,
  state: CommandState,
  id: number,
  now: number,
): Promise<boolean> {
  if (state !== CommandStateCode.queued || !(await router.isOnline(target.terminalPhone))) return false;
  return markMessageSent(deps.db, id, now);
}

/**
 * Sends one vehicle's 0x8300 and settles its row from the terminal's 0x0001: result 0 → replied (2), any other
 * result → refused (3), no answer, gone offline or no node holding it → not reachable (4). Never rejects: it
 * runs on after the HTTP answer has gone.
 */
async function deliver(
  deps: SendDeps,
  router: CommandRouter,
  phone: string,
  message: Jt808Message,
  row: SendMessageRow,
): Promise<void> {
  let state: CommandState;
  try {
    const reply = await router.send(phone, message);
    state = reply.msgId === 0x0001 && reply.body.result === 0 ? CommandStateCode.replied : CommandStateCode.refused;
  } catch (error) {
    if (!isApiError(error) || error.code !== ErrorCode.processing) {
      deps.log.warn({ err: error, phone }, 'dispatch text failed');
    }
    state = CommandStateCode.unreachable;
  }
  try {
    const replyTime = state === CommandStateCode.unreachable ? null : epochSeconds(deps.clock);
    await settleMessageRow(deps.db, row.id, state, replyTime);
    row.send_state = state;
  } catch (error) {
    deps.log.error({ err: error, id: row.id }, 'could not record a dispatch text outcome');
  }
}

async function settledOrAfter(work: readonly Promise<void>[], ms: number): Promise<void> {
  if (work.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.all(work), timeout]);
  clearTimeout(timer);
}
