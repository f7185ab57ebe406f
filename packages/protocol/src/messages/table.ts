/** The one table of message codecs, keyed by message ID. */
import { activeSafetyCodecs } from './active-safety.ts';
import { avCodecs } from './av.ts';
import type { MessageCodec } from './codec.ts';
import { locationCodecs } from './location.ts';
import { multimediaCodecs } from './multimedia.ts';
import { parameterCodecs } from './parameters.ts';
import { passThroughCodecs } from './passthrough.ts';
import { regionCodecs } from './regions.ts';
import { sessionCodecs } from './session.ts';
import { terminalCodecs } from './terminal.ts';
import { textCodecs, vendorTextCodecs } from './text.ts';
import type { MsgId } from './types.ts';

/** Each family module exports its codecs; the table is their union. Order does not matter. */
const families: readonly (readonly { msgId: number; name: string }[])[] = [
  sessionCodecs,
  locationCodecs,
  parameterCodecs,
  terminalCodecs,
  textCodecs,
  vendorTextCodecs,
  multimediaCodecs,
  regionCodecs,
  passThroughCodecs,
  avCodecs,
  activeSafetyCodecs,
];

const TABLE = new Map<number, MessageCodec>();
for (const family of families) {
  for (const codec of family) {
    if (TABLE.has(codec.msgId)) throw new Error(`duplicate codec for 0x${codec.msgId.toString(16)}`);
    TABLE.set(codec.msgId, codec as MessageCodec);
  }
}

export function codecFor(msgId: number): MessageCodec | undefined {
  return TABLE.get(msgId);
}

export function isKnownMsgId(msgId: number): msgId is MsgId {
  return TABLE.has(msgId);
}

/** All supported message IDs with their names (for docs and the CLI). */
export function supportedMessages(): { msgId: number; name: string }[] {
  return [...TABLE.values()].map((c) => ({ msgId: c.msgId, name: c.name })).sort((a, b) => a.msgId - b.msgId);
}
