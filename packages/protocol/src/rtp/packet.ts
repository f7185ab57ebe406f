/**
 * JT/T 1078-2016 §5.5 table 19 stream packet ("RTP" in the trade; not RFC 3550 framing). No 7E framing, no
 * escaping; packets are concatenated on TCP. Header length depends on the data type: 30 bytes for video,
 * 26 for audio, 18 for transparent data (+4 each with a 10-byte BCD SIM, a variant seen in the wild).
 */
import { readBcdDigits, writeBcdDigits } from '../codec/bcd.ts';
import { type CodecError, CodecFault } from '../codec/errors.ts';

export const RTP_MAGIC = 0x30316364; // "01cd"

export interface RtpPacket {
  /** RTP version, 2. */
  version: number;
  padding: boolean;
  extension: boolean;
  /** CSRC count, normally 1. */
  csrcCount: number;
  /** Frame-boundary marker. */
  marker: boolean;
  /** Table 12: 6 G.711A, 7 G.711U, 8 G.726, 19 AAC, 98 H.264, 99 H.265, … */
  payloadType: number;
  seq: number;
  /** SIM number digits (12, or 20 with simLength 10). */
  sim: string;
  channel: number;
  /** 0 I-frame, 1 P-frame, 2 B-frame, 3 audio, 4 transparent data. */
  dataType: number;
  /** 0 atomic, 1 first, 2 last, 3 middle fragment. */
  subpackageMark: number;
  /** Milliseconds (relative); absent for transparent data. */
  timestamp?: number;
  /** Video only: ms since the last I-frame. */
  lastIFrameInterval?: number;
  /** Video only: ms since the last frame. */
  lastFrameInterval?: number;
  payload: Uint8Array;
}

export interface RtpOptions {
  /** SIM field width in bytes: 6 (JT/T 1078-2016) or 10 (2019-style variant). Default 6. */
  simLength?: 6 | 10;
}

export const RtpDataType = { iFrame: 0, pFrame: 1, bFrame: 2, audio: 3, transparent: 4 } as const;
export const RtpMark = { atomic: 0, first: 1, last: 2, middle: 3 } as const;

/** Header length (up to and including the payload length WORD) for a data type. */
export function rtpHeaderLength(dataType: number, simLength: 6 | 10 = 6): number {
  const base = 16 + (simLength - 6) + 2; // fixed part + length WORD
  if (dataType <= 2) return base + 12;
  if (dataType === 3) return base + 8;
  return base;
}

/**
 * Total length of the packet starting at `off`, or -1 when more bytes are needed to tell, or -2 when the bytes at
 * `off` are not a plausible packet header (bad magic, version or data type).
 */
export function rtpPacketLength(buf: Uint8Array, off: number, end: number, simLength: 6 | 10 = 6): number {
  if (end - off < 4) return -1;
  if (buf[off] !== 0x30 || buf[off + 1] !== 0x31 || buf[off + 2] !== 0x63 || buf[off + 3] !== 0x64) return -2;
  const typeAt = off + 15 + (simLength - 6);
  if (end - off < 5) return -1;
  if (buf[off + 4]! >> 6 !== 2) return -2;
  if (end <= typeAt) return -1;
  const dataType = buf[typeAt]! >> 4;
  if (dataType > 4) return -2;
  const hl = rtpHeaderLength(dataType, simLength);
  if (end - off < hl) return -1;
  const len = (buf[off + hl - 2]! << 8) | buf[off + hl - 1]!;
  return hl + len;
}

export type RtpDecodeResult = { ok: true; packet: RtpPacket; length: number } | { ok: false; error: CodecError };

/** Decodes one stream packet at the start of `bytes` (trailing bytes are left; `length` says how many were used). */
export function decodeRtpPacket(bytes: Uint8Array, opts?: RtpOptions): RtpDecodeResult {
  const simLength = opts?.simLength ?? 6;
  const total = rtpPacketLength(bytes, 0, bytes.length, simLength);
  if (total === -2) return { ok: false, error: { code: 'BAD_MAGIC', message: 'not a JT/T 1078 stream packet' } };
  if (total === -1 || total > bytes.length) {
    return { ok: false, error: { code: 'BODY_TOO_SHORT', message: `stream packet needs ${total} bytes` } };
  }
  const b = bytes;
  const v = b[4]!;
  const m = b[5]!;
  let p = 8;
  const sim = readBcdDigits(b, p, simLength);
  p += simLength;
  const channel = b[p++]!;
  const dataType = b[p]! >> 4;
  const subpackageMark = b[p++]! & 0x0f;
  const packet: RtpPacket = {
    version: v >> 6,
    padding: (v & 0x20) !== 0,
    extension: (v & 0x10) !== 0,
    csrcCount: v & 0x0f,
    marker: (m & 0x80) !== 0,
    payloadType: m & 0x7f,
    seq: (b[6]! << 8) | b[7]!,
    sim,
    channel,
    dataType,
    subpackageMark,
    payload: new Uint8Array(0),
  };
  if (dataType <= 3) {
    const hi = ((b[p]! << 24) >>> 0) + ((b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!);
    const lo = ((b[p + 4]! << 24) >>> 0) + ((b[p + 5]! << 16) | (b[p + 6]! << 8) | b[p + 7]!);
    packet.timestamp = hi * 0x1_0000_0000 + lo;
    p += 8;
  }
  if (dataType <= 2) {
    packet.lastIFrameInterval = (b[p]! << 8) | b[p + 1]!;
    packet.lastFrameInterval = (b[p + 2]! << 8) | b[p + 3]!;
    p += 4;
  }
  p += 2;
  packet.payload = b.slice(p, total);
  return { ok: true, packet, length: total };
}

/** Encodes a stream packet. Throws CodecFault on out-of-range values (payload over 65 535 bytes, …). */
export function encodeRtpPacket(pkt: RtpPacket, opts?: RtpOptions): Uint8Array {
  const simLength = opts?.simLength ?? 6;
  if (pkt.dataType > 4 || pkt.subpackageMark > 3) throw new CodecFault('ENCODE_INVALID', 'bad data type or mark');
  if (pkt.payload.length > 0xffff) throw new CodecFault('ENCODE_INVALID', 'payload longer than 65535 bytes');
  const hl = rtpHeaderLength(pkt.dataType, simLength);
  const out = new Uint8Array(hl + pkt.payload.length);
  out[0] = 0x30;
  out[1] = 0x31;
  out[2] = 0x63;
  out[3] = 0x64;
  out[4] = ((pkt.version & 3) << 6) | (pkt.padding ? 0x20 : 0) | (pkt.extension ? 0x10 : 0) | (pkt.csrcCount & 0x0f);
  out[5] = (pkt.marker ? 0x80 : 0) | (pkt.payloadType & 0x7f);
  out[6] = (pkt.seq >>> 8) & 0xff;
  out[7] = pkt.seq & 0xff;
  let p = 8;
  writeBcdDigits(out, p, simLength, pkt.sim);
  p += simLength;
  out[p++] = pkt.channel & 0xff;
  out[p++] = (pkt.dataType << 4) | pkt.subpackageMark;
  if (pkt.dataType <= 3) {
    const ts = pkt.timestamp ?? 0;
    const hi = Math.floor(ts / 0x1_0000_0000);
    const lo = ts >>> 0;
    out[p++] = hi >>> 24;
    out[p++] = (hi >>> 16) & 0xff;
    out[p++] = (hi >>> 8) & 0xff;
    out[p++] = hi & 0xff;
    out[p++] = lo >>> 24;
    out[p++] = (lo >>> 16) & 0xff;
    out[p++] = (lo >>> 8) & 0xff;
    out[p++] = lo & 0xff;
  }
  if (pkt.dataType <= 2) {
    const i = pkt.lastIFrameInterval ?? 0;
    const f = pkt.lastFrameInterval ?? 0;
    out[p++] = (i >>> 8) & 0xff;
    out[p++] = i & 0xff;
    out[p++] = (f >>> 8) & 0xff;
    out[p++] = f & 0xff;
  }
  out[p++] = pkt.payload.length >>> 8;
  out[p++] = pkt.payload.length & 0xff;
  out.set(pkt.payload, p);
  return out;
}
