import type { Jt808Message } from '@headway/protocol';
import { type CommandState, CommandStateCode } from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionOf } from '../../auth/access.ts';
import type { CommandOutcome, DispatchAction, QueueOption } from '../../contract/commands.ts';
import type { CommandReply } from '../../gateway/commands.ts';
import { ApiError, ErrorCode, isApiError } from '../../kernel/errors.ts';
import { type Clock, epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import type { Database } from '../../store/schema.ts';
import { insertDispatchRow, markDispatchSent, type NewDispatchRow, settleDispatchRow } from '../log/dispatch-log.ts';
import type { CommandRouter } from '../router.ts';
import { type CommandTarget, phoneOf } from '../target.ts';
import { encodeWire } from '../wire.ts';

// One command to one terminal, written to the dispatch log as it goes: the row is inserted as sent (1) before
// the frame leaves, then settled as replied (2), refused (3, with the terminal's result byte) or not reachable
// (4, with 1101). A command that was never answered is therefore still in the log, with who asked and when.

export interface CommandContext {
  db: Kysely<Database>;
  clock: Clock;
  /** Read per request: the commands module decorates the app after the routes are mounted. */
  router: CommandRouter | undefined;
  caller: { companyId: number; userId: number; account: string };
}

export function commandContext(request: FastifyRequest, services: Pick<Services, 'db' | 'clock'>): CommandContext {
  const { companyId, userId, account } = sessionOf(request);
  return {
    db: services.db,
    clock: services.clock,
    router: request.server.commandRouter,
    caller: { companyId, userId, account },
  };
}

export interface CommandRun {
  target: CommandTarget;
  /** The message id is logged as `command`; pseudo commands (change route) pass their own. */
  message: Jt808Message;
  /** The log's word for what was asked. */
  action: DispatchAction;
  /** What the caller asked, logged as JSON. */
  request: unknown;
  timeoutMs?: number;
}

type ReplyOf<Id extends number> = Extract<CommandReply, { msgId: Id }>;

function logRow(ctx: CommandContext, run: Pick<CommandRun, 'target' | 'action' | 'request'>, command: number) {
  const { target } = run;
  return {
    company_id: ctx.caller.companyId,
    vehicle_id: target.vehicleId,
    device_id: target.deviceId,
    car_name: target.carName,
    imei: target.imei,
    terminal_phone: target.terminalPhone,
    user_id: ctx.caller.userId,
    account: ctx.caller.account,
    command,
    action: run.action,
    request: JSON.stringify(run.request ?? {}),
  } satisfies Partial<NewDispatchRow>;
}

/** The result byte a reply carries (0x0001, 0x0805); answers without one (0x0104, 0x0107, 0x1003) count as 0. */
function resultByte(reply: CommandReply): number {
  const result = (reply.body as { result?: unknown }).result;
  return typeof result === 'number' ? result : 0;
}

/**
 * Sends the command and resolves with the terminal's answer of message id `expects` carrying result 0. A refusal
 * (0x0001 instead of the expected answer, or a result byte ≠ 0) rejects with `refusal(result)` — by default
 * 1101 with `{replyMsgId, result}` — and an offline, silent or missing terminal with 1101.
 */
export async function exchange<Id extends CommandReply['msgId']>(
  ctx: CommandContext,
  run: CommandRun,
  expects: Id,
  refusal: (result: number, replyMsgId: number) => ApiError = (result, replyMsgId) =>
    new ApiError(ErrorCode.processing, { replyMsgId, result }, 'terminal refused the command'),
): Promise<{ logId: number; reply: ReplyOf<Id> }> {
  const logId = await insertDispatchRow(ctx.db, {
    ...logRow(ctx, run, run.message.msgId),
    payload: null,
    state: CommandStateCode.sent,
    result: null,
    send_time: epochSeconds(ctx.clock),
    reply_time: null,
    expire_time: null,
  });
  let reply: CommandReply;
  try {
    if (!ctx.router) throw new ApiError(ErrorCode.processing, null, 'no command path on this node');
    const phone = phoneOf(run.target);
    reply = await ctx.router.send(phone, run.message, run.timeoutMs !== undefined ? { timeoutMs: run.timeoutMs } : {});
  } catch (error) {
    const code = isApiError(error) ? error.code : null;
    await settle(ctx, logId, CommandStateCode.unreachable, code === ErrorCode.processing ? code : null);
    throw error;
  }
  const result = resultByte(reply);
  if (reply.msgId === expects && result === 0) {
    await settle(ctx, logId, CommandStateCode.replied, 0);
    return { logId, reply: reply as ReplyOf<Id> };
  }
  await settle(ctx, logId, CommandStateCode.refused, result);
  throw refusal(result, reply.msgId);
}

function settle(ctx: CommandContext, id: number, state: CommandState, result: number | null): Promise<void> {
  return settleDispatchRow(ctx.db, id, { state, result, replyTime: epochSeconds(ctx.clock) });
}

/**
 * Beyond the spec: keeps the command for an offline terminal (state 0) with its message as wire JSON; the queue
 * delivers it when the terminal reconnects, until `expire_hours` have passed.
 */
export async function queueCommand(ctx: CommandContext, run: CommandRun, queue: QueueOption): Promise<CommandOutcome> {
  const now = epochSeconds(ctx.clock);
  const id = await insertDispatchRow(ctx.db, {
    ...logRow(ctx, run, run.message.msgId),
    payload: encodeWire(run.message),
    state: CommandStateCode.queued,
    result: null,
    send_time: now,
    reply_time: null,
    expire_time: now + queue.expire_hours * 3600,
  });
  // The terminal may have come online between the caller's check and the insert, its attach delivering the queue
  // before this row existed. Claimed as the queue claims (0 → 1): whichever sees the row first sends it.
  if ((await reachable(ctx, run.target)) && (await markDispatchSent(ctx.db, id, now))) {
    void sendClaimed(ctx, id, run);
    return { id, state: CommandStateCode.sent };
  }
  return { id, state: CommandStateCode.queued };
}

/** Sends a claimed queued command and settles its row; runs on after the HTTP answer, never rejects. */
async function sendClaimed(ctx: CommandContext, id: number, run: CommandRun): Promise<void> {
  try {
    if (!ctx.router) throw new ApiError(ErrorCode.processing, null, 'no command path on this node');
    const reply = await ctx.router.send(phoneOf(run.target), run.message);
    const result = resultByte(reply);
    await settle(ctx, id, result === 0 ? CommandStateCode.replied : CommandStateCode.refused, result);
  } catch (error) {
    const code = isApiError(error) ? error.code : null;
    await settle(ctx, id, CommandStateCode.unreachable, code === ErrorCode.processing ? code : null).catch(() => {});
  }
}

/** Whether the terminal can be reached now; false without a terminal or a command path. */
export async function reachable(ctx: CommandContext, target: CommandTarget): Promise<boolean> {
  if (!ctx.router || !target.terminalPhone) return false;
  return ctx.router.isOnline(target.terminalPhone);
}

/** A platform-side action on a vehicle (change route) logged as done at once. */
export async function logDone(
  ctx: CommandContext,
  run: Pick<CommandRun, 'target' | 'action' | 'request'>,
  command: number,
): Promise<number> {
  const now = epochSeconds(ctx.clock);
  return insertDispatchRow(ctx.db, {
    ...logRow(ctx, run, command),
    payload: null,
    state: CommandStateCode.replied,
    result: 0,
    send_time: now,
    reply_time: now,
    expire_time: null,
  });
}
