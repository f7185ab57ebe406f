import type { Reader, Writer } from '../codec/bytes.ts';
import type { ProtocolVersion } from '../frame/header.ts';
import type { BodyMap, MsgId } from './types.ts';

/**
 * T/JSATL 12 alarm identification is 16 bytes; T/GDRTA 002 (Guangdong) widens it to 40 (reference §10.1).
 * It is a per-terminal property, not a function of the header version. 'auto' picks by the field's length where
 * the body makes that unambiguous, and otherwise falls back to JSATL for 2011/2013 and GDRTA for 2019 headers.
 */
export type AlarmIdentProfile = 'auto' | 'jsatl' | 'gdrta';

/** What a body codec needs to know beyond its bytes. */
export interface BodyContext {
  version: ProtocolVersion;
  alarmIdent: AlarmIdentProfile;
  /** Decode what is present and stop at the end (first fragment of a fragmented message); lists may be short. */
  partial: boolean;
  /** Attach named alarm/status booleans to location bodies (off on the hot path). */
  flags: boolean;
}

export interface MessageCodec<K extends MsgId = MsgId> {
  msgId: K;
  /** Short English name from the standard's table of messages. */
  name: string;
  decode(r: Reader, ctx: BodyContext): BodyMap[K];
  encode(w: Writer, body: BodyMap[K], ctx: BodyContext): void;
}

export function defineCodec<K extends MsgId>(
  msgId: K,
  name: string,
  decode: (r: Reader, ctx: BodyContext) => BodyMap[K],
  encode: (w: Writer, body: BodyMap[K], ctx: BodyContext) => void,
): MessageCodec<K> {
  return { msgId, name, decode, encode };
}

/** Messages whose body is empty (0x0002 heartbeat, 0x8104, 0x8201, 0x9003…). */
export type EmptyBody = Record<string, never>;

export function emptyCodec<K extends MsgId>(msgId: K, name: string): MessageCodec<K> {
  return defineCodec(
    msgId,
    name,
    () => ({}) as BodyMap[K],
    () => {},
  );
}

/** Resolves 'auto' for messages where the body does not settle the identification length. */
export function identLength(ctx: BodyContext): 16 | 40 {
  if (ctx.alarmIdent === 'jsatl') return 16;
  if (ctx.alarmIdent === 'gdrta') return 40;
  return ctx.version === 2019 ? 40 : 16;
}
