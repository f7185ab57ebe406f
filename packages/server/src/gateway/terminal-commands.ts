import type { BodyMap, MsgId, Param } from '@headway/protocol';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { CommandReply } from './commands.ts';
import type { Gateway } from './gateway.ts';

// The commands the console issues, as typed calls over Gateway.sendCommand. Each resolves with the body of the
// terminal's answer; a query the terminal refuses with 0x0001 (result ≠ 0) is 1101 with the result attached.

type Body<Id extends MsgId> = BodyMap[Id];
type Opts = { timeoutMs?: number };

function answer<Id extends CommandReply['msgId']>(
  reply: CommandReply,
  expected: Id,
): Extract<CommandReply, { msgId: Id }> {
  if (reply.msgId === expected) return reply as Extract<CommandReply, { msgId: Id }>;
  const result = reply.msgId === 0x0001 ? reply.body.result : undefined;
  throw new ApiError(ErrorCode.processing, { replyMsgId: reply.msgId, result }, 'terminal refused the query');
}

async function general(gw: Gateway, phone: string, message: Parameters<Gateway['sendCommand']>[1], opts?: Opts) {
  return answer(await gw.sendCommand(phone, message, opts), 0x0001).body;
}

/** 0x8106 for the given ids, 0x8104 (all) without → 0x0104. */
export async function queryParams(gw: Gateway, phone: string, ids?: number[], opts?: Opts) {
  const message = ids && ids.length > 0 ? { msgId: 0x8106, body: { ids } } : { msgId: 0x8104, body: {} };
  return answer(await gw.sendCommand(phone, message as never, opts), 0x0104).body;
}

export function setParams(gw: Gateway, phone: string, params: Param[], opts?: Opts) {
  return general(gw, phone, { msgId: 0x8103, body: { params } }, opts);
}

export async function queryAttributes(gw: Gateway, phone: string, opts?: Opts) {
  return answer(await gw.sendCommand(phone, { msgId: 0x8107, body: {} }, opts), 0x0107).body;
}

export async function queryAvCapabilities(gw: Gateway, phone: string, opts?: Opts) {
  return answer(await gw.sendCommand(phone, { msgId: 0x9003, body: {} }, opts), 0x1003).body;
}

export function sendText(gw: Gateway, phone: string, body: Body<0x8300>, opts?: Opts) {
  return general(gw, phone, { msgId: 0x8300, body }, opts);
}

export async function takePhoto(gw: Gateway, phone: string, body: Body<0x8801>, opts?: Opts) {
  return answer(await gw.sendCommand(phone, { msgId: 0x8801, body }, opts), 0x0805).body;
}

export async function queryPosition(gw: Gateway, phone: string, opts?: Opts) {
  return answer(await gw.sendCommand(phone, { msgId: 0x8201, body: {} }, opts), 0x0201).body;
}

export function terminalControl(gw: Gateway, phone: string, body: Body<0x8105>, opts?: Opts) {
  return general(gw, phone, { msgId: 0x8105, body }, opts);
}

export type AreaSet =
  | { msgId: 0x8600; body: Body<0x8600> }
  | { msgId: 0x8602; body: Body<0x8602> }
  | { msgId: 0x8604; body: Body<0x8604> }
  | { msgId: 0x8606; body: Body<0x8606> };

/** 0x8600 circles, 0x8602 rectangles, 0x8604 polygon, 0x8606 route. */
export function setRegion(gw: Gateway, phone: string, message: AreaSet, opts?: Opts) {
  return general(gw, phone, message, opts);
}

/** 0x8601 / 0x8603 / 0x8605 / 0x8607; an empty id list deletes every area of that kind. */
export function deleteRegions(
  gw: Gateway,
  phone: string,
  msgId: 0x8601 | 0x8603 | 0x8605 | 0x8607,
  ids: number[],
  opts?: Opts,
) {
  return general(gw, phone, { msgId, body: { ids } }, opts);
}

/** 0x9208: asks the terminal to upload an alarm's attachments to our attachment port (T/JSATL 12 §10.2). */
export function requestAttachmentUpload(gw: Gateway, phone: string, body: Body<0x9208>, opts?: Opts) {
  return general(gw, phone, { msgId: 0x9208, body }, opts);
}
