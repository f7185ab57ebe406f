import { HEX2 } from '../codec/hex.ts';

/** Which edition of JT/T 808 a body follows. The header alone only tells 2019 (bit 14) from 2011/2013. */
export type ProtocolVersion = 2011 | 2013 | 2019;

/** JT/T 808 §4.4.3 message header (2011/2013: 12 or 16 bytes; 2019: 17 or 21 bytes). */
export interface Jt808Header {
  msgId: number;
  /** Body length from the attributes word (bits 0–9); for a fragment, the length of this fragment's body. */
  bodyLength: number;
  /** Attribute bits 10–12: 0 none, 1 RSA; other values reserved. */
  encryption: number;
  /** Attribute bit 13: the packet total / index words are present. */
  subpackage: boolean;
  /** Attribute bit 14: set by 2019 terminals (some 2013 devices set it too; see reference §1.2). */
  versionFlag: boolean;
  /** 2019 protocol version byte (starts at 1); 0 for 2011/2013 headers. */
  protocolVersion: number;
  /** Terminal phone / ID as the raw BCD digit string (12 or 20 digits). Non-BCD nibbles are kept as hex letters. */
  phone: string;
  flowId: number;
  /** Number of fragments, 0 when not fragmented. */
  packetTotal: number;
  /** Fragment index from 1, 0 when not fragmented. */
  packetIndex: number;
}

export const ATTR_BODY_LENGTH = 0x03ff;
export const ATTR_ENCRYPTION_SHIFT = 10;
export const ATTR_SUBPACKAGE = 1 << 13;
export const ATTR_VERSION = 1 << 14;
export const MAX_BODY_LENGTH = 0x03ff;

/** Header length for a given attributes word. */
export function headerLength(attr: number): number {
  const base = attr & ATTR_VERSION ? 17 : 12;
  return attr & ATTR_SUBPACKAGE ? base + 4 : base;
}

/** ASCII codes of the two hex digits of every byte value: BCD digit strings built in one allocation. */
const HI = new Uint8Array(256);
const LO = new Uint8Array(256);
for (let i = 0; i < 256; i++) {
  HI[i] = HEX2[i]!.charCodeAt(0);
  LO[i] = HEX2[i]!.charCodeAt(1);
}

/** BCD[6] phone as 12 digits (hot path: one string allocation, no concatenation ropes). */
function phone6(b: Uint8Array, p: number): string {
  const a = b[p]!;
  const c = b[p + 1]!;
  const d = b[p + 2]!;
  const e = b[p + 3]!;
  const f = b[p + 4]!;
  const g = b[p + 5]!;
  return String.fromCharCode(
    HI[a]!,
    LO[a]!,
    HI[c]!,
    LO[c]!,
    HI[d]!,
    LO[d]!,
    HI[e]!,
    LO[e]!,
    HI[f]!,
    LO[f]!,
    HI[g]!,
    LO[g]!,
  );
}

/** Parses the header at `off` of an unescaped frame; caller guarantees the header bytes are present. */
export function readHeader(buf: Uint8Array, off = 0): Jt808Header {
  const msgId = (buf[off]! << 8) | buf[off + 1]!;
  const attr = (buf[off + 2]! << 8) | buf[off + 3]!;
  const v2019 = (attr & ATTR_VERSION) !== 0;
  let p: number;
  let phone: string;
  let protocolVersion = 0;
  if (v2019) {
    protocolVersion = buf[off + 4]!;
    phone =
      phone6(buf, off + 5) + HEX2[buf[off + 11]!] + HEX2[buf[off + 12]!] + HEX2[buf[off + 13]!] + HEX2[buf[off + 14]!];
    p = off + 15;
  } else {
    phone = phone6(buf, off + 4);
    p = off + 10;
  }
  const flowId = (buf[p]! << 8) | buf[p + 1]!;
  const sub = (attr & ATTR_SUBPACKAGE) !== 0;
  return {
    msgId,
    bodyLength: attr & ATTR_BODY_LENGTH,
    encryption: (attr >> ATTR_ENCRYPTION_SHIFT) & 0x7,
    subpackage: sub,
    versionFlag: v2019,
    protocolVersion,
    phone,
    flowId,
    packetTotal: sub ? (buf[p + 2]! << 8) | buf[p + 3]! : 0,
    packetIndex: sub ? (buf[p + 4]! << 8) | buf[p + 5]! : 0,
  };
}
