/**
 * Frame layer entry points: 7E-delimited, 7D-escaped, XOR-checked frames (JT/T 808 §4.4) in and out.
 * Nothing here throws on input bytes; failures come back as `{ ok: false, error }`.
 */
import { writeBcdDigits } from '../codec/bcd.ts';
import { Reader, Writer } from '../codec/bytes.ts';
import { type CodecError, CodecFault, toCodecError } from '../codec/errors.ts';
import type { AlarmIdentProfile, BodyContext } from '../messages/codec.ts';
import { codecFor } from '../messages/table.ts';
import type { Jt808Message } from '../messages/types.ts';
import { ESC, escapeInto, FLAG, putEscaped, unescapeInto } from './escape.ts';
import {
  ATTR_SUBPACKAGE,
  ATTR_VERSION,
  headerLength,
  type Jt808Header,
  MAX_BODY_LENGTH,
  type ProtocolVersion,
  readHeader,
} from './header.ts';

export interface DecodeOptions {
  /**
   * Body edition for frames without the 2019 bit. Default 2013 (0x0100 bodies shorter than the 2013 layout are
   * read as 2011 automatically). Set per terminal: 2011 for old units, 2013 for devices that set bit 14 but send
   * 2013 bodies (reference §1.2) — an explicit value overrides the header.
   */
  version?: ProtocolVersion;
  /** Alarm identification layout for 0x9208/0x1210 (0x64–0x67 items detect it from their length). Default 'auto'. */
  alarmIdent?: AlarmIdentProfile;
  /** Default true. When false a bad check code is accepted (traccar-style leniency; count it in the gateway). */
  verifyChecksum?: boolean;
  /** Default true. When false a header body length that disagrees with the frame is accepted. */
  verifyLength?: boolean;
  /** Attach named alarm/status booleans (`alarms`, `states`) to location bodies. Default false (hot path). */
  flags?: boolean;
}

/** A frame that passed the frame-level checks: header plus the unescaped body bytes (a view; copy to keep). */
export interface RawFrame {
  header: Jt808Header;
  body: Uint8Array;
}

export type DecodedMessage =
  | (Jt808Message & { kind: 'message'; header: Jt808Header })
  /** A fragment of a fragmented message: feed `header` + `body` to a SubpackageAssembler. */
  | { kind: 'fragment'; msgId: number; header: Jt808Header; body: Uint8Array }
  /** A message ID the codec does not know, or an encrypted body (`header.encryption` ≠ 0): body kept raw. */
  | { kind: 'unknown'; msgId: number; header: Jt808Header; body: Uint8Array };

export type ParseFrameResult = ({ ok: true } & RawFrame) | { ok: false; error: CodecError };
export type DecodeFrameResult =
  | { ok: true; message: DecodedMessage }
  /** `header` is present when the frame passed its check code but its length or body was bad. */
  | { ok: false; error: CodecError; header?: Jt808Header };
export type DecodeBodyResult = { ok: true; message: Jt808Message } | { ok: false; error: CodecError };

function fail(code: CodecError['code'], message: string): { ok: false; error: CodecError } {
  return { ok: false, error: { code, message } };
}

/**
 * Frame checks shared by parseFrame and decodeFrame. On success returns the header and leaves the unescaped body
 * location in the module-level `cur*` variables — the hot path allocates no views or intermediate results.
 * When the frame holds escapes the body lives in a reused scratch buffer: callers copy what they keep.
 */
let scratch = new Uint8Array(4096);
let curBuf: Uint8Array = scratch;
let curStart = 0;
let curEnd = 0;
/** Header of a frame that passed the check code but failed later (for a "bad message" 0x8001 reply). */
let lastHeader: Jt808Header | undefined;

function checkFrame(bytes: Uint8Array, opts: DecodeOptions | undefined): Jt808Header | CodecError {
  let start = 0;
  let end = bytes.length;
  if (end > 0 && bytes[0] === FLAG) start++;
  if (end > start && bytes[end - 1] === FLAG) end--;
  if (end <= start) return { code: 'EMPTY', message: 'empty frame' };
  let buf = bytes;
  let off = start;
  let n = end - start;
  const esc = bytes.indexOf(ESC, start);
  if (esc >= 0 && esc < end) {
    if (scratch.length < n) scratch = new Uint8Array(Math.max(n, scratch.length * 2));
    n = unescapeInto(bytes, start, end, scratch);
    if (n < 0) return { code: 'BAD_ESCAPE', message: '0x7d not followed by 01/02, or a raw 0x7e inside' };
    buf = scratch;
    off = 0;
  }
  if (n < 13) return { code: 'FRAME_TOO_SHORT', message: `frame of ${n} bytes is shorter than the smallest header` };
  const attr = (buf[off + 2]! << 8) | buf[off + 3]!;
  const hl = headerLength(attr);
  if (n < hl + 1)
    return { code: 'FRAME_TOO_SHORT', message: `frame of ${n} bytes is shorter than its ${hl}-byte header` };
  const last = off + n - 1;
  if (opts?.verifyChecksum !== false) {
    let x = 0;
    for (let i = off; i < last; i++) x ^= buf[i]!;
    if (x !== buf[last]) {
      return {
        code: 'BAD_CHECKSUM',
        message: `check code 0x${buf[last]!.toString(16)} != computed 0x${x.toString(16)}`,
      };
    }
  }
  const header = readHeader(buf, off);
  const actual = n - 1 - hl;
  if (header.bodyLength !== actual && opts?.verifyLength !== false) {
    lastHeader = header;
    return { code: 'LENGTH_MISMATCH', message: `header says ${header.bodyLength} body bytes, frame has ${actual}` };
  }
  curBuf = buf;
  curStart = off + hl;
  curEnd = last;
  return header;
}

function isError(x: Jt808Header | CodecError): x is CodecError {
  return (x as CodecError).code !== undefined;
}

/**
 * Unescapes and checks one frame. Accepts the bytes with or without the 7E delimiters, as cut by FrameSplitter.
 * The body is a view of `bytes` when nothing was escaped, else a fresh copy.
 */
export function parseFrame(bytes: Uint8Array, opts?: DecodeOptions): ParseFrameResult {
  const h = checkFrame(bytes, opts);
  if (isError(h)) return { ok: false, error: h };
  const body = curBuf === bytes ? bytes.subarray(curStart, curEnd) : curBuf.slice(curStart, curEnd);
  return { ok: true, header: h, body };
}

const CTX_2013: BodyContext = Object.freeze({ version: 2013, alarmIdent: 'auto', partial: false, flags: false });
const CTX_2019: BodyContext = Object.freeze({ version: 2019, alarmIdent: 'auto', partial: false, flags: false });

/** Body context for a header + options (shared frozen objects on the default path: no allocation). */
export function bodyContext(header: { versionFlag: boolean }, opts?: DecodeOptions, partial = false): BodyContext {
  if (opts === undefined && !partial) return header.versionFlag ? CTX_2019 : CTX_2013;
  return {
    version: opts?.version ?? (header.versionFlag ? 2019 : 2013),
    alarmIdent: opts?.alarmIdent ?? 'auto',
    partial,
    flags: opts?.flags ?? false,
  };
}

/**
 * Decodes a message body (complete, or reassembled from fragments) for a given message ID.
 * `partial: true` decodes what a first fragment holds (lists stop at the end of the bytes).
 */
export function decodeBody(
  msgId: number,
  body: Uint8Array,
  header: { versionFlag: boolean },
  opts?: DecodeOptions & { partial?: boolean },
): DecodeBodyResult {
  const codec = codecFor(msgId);
  if (codec === undefined)
    return fail('UNKNOWN_MESSAGE', `no codec for message 0x${msgId.toString(16).padStart(4, '0')}`);
  try {
    const ctx = bodyContext(header, opts, opts?.partial === true);
    const decoded = codec.decode(new Reader(body), ctx);
    return { ok: true, message: { msgId, body: decoded } as Jt808Message };
  } catch (e) {
    return { ok: false, error: toCodecError(e) };
  }
}

/** Parses and decodes one frame: the usual entry point of a gateway. */
export function decodeFrame(bytes: Uint8Array, opts?: DecodeOptions): DecodeFrameResult {
  let parsed: Jt808Header | undefined;
  try {
    lastHeader = undefined;
    const header = checkFrame(bytes, opts);
    if (isError(header)) {
      return lastHeader ? { ok: false, error: header, header: lastHeader } : { ok: false, error: header };
    }
    parsed = header;
    if (header.subpackage) {
      const body = curBuf.slice(curStart, curEnd);
      return { ok: true, message: { kind: 'fragment', msgId: header.msgId, header, body } };
    }
    // An RSA-encrypted body (attribute bits 10–12) cannot be read without the key: hand it over raw.
    const codec = header.encryption === 0 ? codecFor(header.msgId) : undefined;
    if (codec === undefined) {
      const body = curBuf.slice(curStart, curEnd);
      return { ok: true, message: { kind: 'unknown', msgId: header.msgId, header, body } };
    }
    const body = codec.decode(new Reader(curBuf, curStart, curEnd), bodyContext(header, opts));
    return { ok: true, message: { kind: 'message', msgId: header.msgId, header, body } as DecodedMessage };
  } catch (e) {
    // The frame itself was sound: hand back its header so the gateway can answer 0x8001 result 2 (bad message).
    return parsed ? { ok: false, error: toCodecError(e), header: parsed } : { ok: false, error: toCodecError(e) };
  }
}

export interface EncodeOptions {
  version: ProtocolVersion;
  /** Terminal phone / ID digits; left-padded with 0 to 12 (2011/2013) or 20 (2019) digits. */
  phone: string;
  /** Flow id of the (first) frame; fragments use flowId, flowId+1, … (wrapping at 0xFFFF). */
  flowId: number;
  /** 2019 protocol version byte. Default 1. */
  protocolVersion?: number;
  /** Attribute bits 10–12. Default 0 (no encryption; the codec does not encrypt). */
  encryption?: number;
  /** Largest body per frame before fragmenting (≤ 1023). Default 1023. */
  maxBodyLength?: number;
  alarmIdent?: AlarmIdentProfile;
}

const ENCODE_CTX: Record<ProtocolVersion, BodyContext> = {
  2011: Object.freeze({ version: 2011, alarmIdent: 'auto', partial: false, flags: false }),
  2013: Object.freeze({ version: 2013, alarmIdent: 'auto', partial: false, flags: false }),
  2019: Object.freeze({ version: 2019, alarmIdent: 'auto', partial: false, flags: false }),
};

/** Reused by the encoders (synchronous, never re-entered): one allocation per frame on the hot path. */
const bodyWriter = new Writer(1024);
const headerScratch = new Uint8Array(21);

/** Encodes the body into the shared writer; returns its length (bytes are bodyWriter.buf[0, n)). */
function encodeBodyScratch(msg: Jt808Message, opts: Pick<EncodeOptions, 'version' | 'alarmIdent'>): number {
  const codec = codecFor(msg.msgId);
  if (codec === undefined) throw new CodecFault('UNKNOWN_MESSAGE', `no codec for 0x${msg.msgId.toString(16)}`);
  const ctx =
    opts.alarmIdent === undefined || opts.alarmIdent === 'auto'
      ? ENCODE_CTX[opts.version]
      : { ...ENCODE_CTX[opts.version], alarmIdent: opts.alarmIdent };
  if (ctx === undefined) throw new CodecFault('ENCODE_INVALID', `unknown protocol version ${String(opts.version)}`);
  bodyWriter.pos = 0;
  (codec.encode as (w: Writer, b: unknown, c: BodyContext) => void)(bodyWriter, msg.body, ctx);
  return bodyWriter.pos;
}

/** Encodes a message body alone (no header, no escaping). Throws CodecFault('ENCODE_INVALID') on invalid input. */
export function encodeBody(msg: Jt808Message, opts: Pick<EncodeOptions, 'version' | 'alarmIdent'>): Uint8Array {
  const n = encodeBodyScratch(msg, opts);
  return bodyWriter.buf.slice(0, n);
}

/** Header + body[start, end) + check code, escaped and delimited, in one allocation. */
function frameOf(
  msgId: number,
  body: Uint8Array,
  start: number,
  end: number,
  opts: EncodeOptions,
  flowId: number,
  fragment?: { total: number; index: number },
): Uint8Array {
  const len = end - start;
  if (len > MAX_BODY_LENGTH) {
    throw new CodecFault('OVERSIZE', `body of ${len} bytes exceeds 1023; use encodeFrames to fragment`);
  }
  const v2019 = opts.version === 2019;
  let attr = len | (((opts.encryption ?? 0) & 7) << 10);
  if (v2019) attr |= ATTR_VERSION;
  if (fragment) attr |= ATTR_SUBPACKAGE;
  const h = headerScratch;
  h[0] = msgId >>> 8;
  h[1] = msgId & 0xff;
  h[2] = attr >>> 8;
  h[3] = attr & 0xff;
  let p = 4;
  if (v2019) {
    h[p++] = opts.protocolVersion ?? 1;
    writeBcdDigits(h, p, 10, opts.phone);
    p += 10;
  } else {
    writeBcdDigits(h, p, 6, opts.phone);
    p += 6;
  }
  h[p++] = (flowId >>> 8) & 0xff;
  h[p++] = flowId & 0xff;
  if (fragment) {
    h[p++] = fragment.total >>> 8;
    h[p++] = fragment.total & 0xff;
    h[p++] = fragment.index >>> 8;
    h[p++] = fragment.index & 0xff;
  }
  let check = 0;
  let extra = 0;
  for (let i = 0; i < p; i++) {
    const b = h[i]!;
    check ^= b;
    if (b === FLAG || b === ESC) extra++;
  }
  for (let i = start; i < end; i++) {
    const b = body[i]!;
    check ^= b;
    if (b === FLAG || b === ESC) extra++;
  }
  if (check === FLAG || check === ESC) extra++;
  const out = new Uint8Array(p + len + extra + 3);
  out[0] = FLAG;
  let o = escapeInto(h, 0, p, out, 1);
  if (extra === 0) {
    out.set(body.subarray(start, end), o);
    o += len;
  } else o = escapeInto(body, start, end, out, o);
  o = putEscaped(out, o, check);
  out[o] = FLAG;
  return out;
}

/**
 * Wraps an already-encoded body in one frame (or, if fragment fields are given, one fragment).
 * Used for replies built from raw bytes, fragments and pass-through.
 */
export function encodeRawFrame(
  msgId: number,
  body: Uint8Array,
  opts: EncodeOptions,
  fragment?: { total: number; index: number },
): Uint8Array {
  return frameOf(msgId, body, 0, body.length, opts, opts.flowId & 0xffff, fragment);
}

/**
 * Encodes a message into one frame, or into several fragments when the body is longer than `maxBodyLength`
 * (each fragment takes the next flow id). Throws CodecFault on invalid input.
 */
export function encodeFrames(msg: Jt808Message, opts: EncodeOptions): Uint8Array[] {
  const n = encodeBodyScratch(msg, opts);
  const max = Math.min(opts.maxBodyLength ?? MAX_BODY_LENGTH, MAX_BODY_LENGTH);
  if (n <= max) return [frameOf(msg.msgId, bodyWriter.buf, 0, n, opts, opts.flowId & 0xffff)];
  const body = bodyWriter.buf.slice(0, n);
  const total = Math.ceil(n / max);
  if (total > 0xffff) throw new CodecFault('OVERSIZE', `body of ${n} bytes needs too many fragments`);
  const frames: Uint8Array[] = [];
  for (let i = 0; i < total; i++) {
    const from = i * max;
    frames.push(
      frameOf(msg.msgId, body, from, Math.min(n, from + max), opts, (opts.flowId + i) & 0xffff, {
        total,
        index: i + 1,
      }),
    );
  }
  return frames;
}

/**
 * Encodes a message as wire bytes ready for `socket.write`: escaped, with check code. A body longer than
 * `maxBodyLength` becomes several fragment frames concatenated (consuming one flow id each; see `encodeFrames`).
 */
export function encodeMessage(msg: Jt808Message, opts: EncodeOptions): Uint8Array {
  const n = encodeBodyScratch(msg, opts);
  if (n <= Math.min(opts.maxBodyLength ?? MAX_BODY_LENGTH, MAX_BODY_LENGTH)) {
    return frameOf(msg.msgId, bodyWriter.buf, 0, n, opts, opts.flowId & 0xffff);
  }
  const frames = encodeFrames(msg, opts);
  const out = new Uint8Array(frames.reduce((k, f) => k + f.length, 0));
  let o = 0;
  for (const f of frames) {
    out.set(f, o);
    o += f.length;
  }
  return out;
}

/** Encoding options that answer a terminal in its own header dialect (version, phone, 2019 version byte). */
export function replyOptions(to: Jt808Header, flowId: number, version?: ProtocolVersion): EncodeOptions {
  return {
    version: version ?? (to.versionFlag ? 2019 : 2013),
    phone: to.phone,
    flowId,
    protocolVersion: to.protocolVersion || 1,
  };
}

/** The 0x8001 platform general response to a received header (result 0 = ok, 4 = alarm confirmed). */
export function platformResponse(to: Jt808Header, result = 0): Jt808Message {
  return { msgId: 0x8001, body: { replyFlowId: to.flowId, replyMsgId: to.msgId, result } };
}

/** Encoded 0x8001 answering `to`, using the platform's own `flowId`. */
export function encodePlatformResponse(to: Jt808Header, flowId: number, result = 0): Uint8Array {
  return encodeMessage(platformResponse(to, result), replyOptions(to, flowId));
}
