import type { Jt808Message } from '@headway/protocol';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { CommandReply } from './commands.ts';
import type { Gateway } from './gateway.ts';

// Commands to terminals as typed calls over Gateway.sendCommand, each resolving with the body of the terminal's
// answer; a query the terminal refuses with 0x0001 (result ≠ 0) is 1101 with the result attached. Only what a
// caller uses lives here: the command API (a later issue) adds its calls beside queryParams.

type Opts = { timeoutMs?: number };

function answer<Id extends CommandReply['msgId']>(
  reply: CommandReply,
  expected: Id,
): Extract<CommandReply, { msgId: Id }> {
  if (reply.msgId === expected) return reply as Extract<CommandReply, { msgId: Id }>;
  const result = reply.msgId === 0x0001 ? reply.body.result : undefined;
  throw new ApiError(ErrorCode.processing, { replyMsgId: reply.msgId, result }, 'terminal refused the query');
}

/** 0x8106 for the given ids, 0x8104 (all) without → 0x0104. */
export async function queryParams(gw: Gateway, phone: string, ids?: number[], opts?: Opts) {
  const message: Jt808Message = ids && ids.length > 0 ? { msgId: 0x8106, body: { ids } } : { msgId: 0x8104, body: {} };
  return answer(await gw.sendCommand(phone, message, opts), 0x0104).body;
}
