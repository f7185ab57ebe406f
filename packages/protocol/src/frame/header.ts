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

/** Parses the header at the start of an unescaped frame; caller guarantees `buf.length >= headerLength(attr)`. */
export function readHeader(buf: Uint8Array): Jt808Header {
  const msgId = (buf[0]! << 8) | buf[1]!;
  const attr = (buf[2]! << 8) | buf[3]!;
  const v2019 = (attr & ATTR_VERSION) !== 0;
  let p: number;
  let phone: string;
  let protocolVersion = 0;
  if (v2019) {
    protocolVersion = buf[4]!;
    phone =
      HEX2[buf[5]!]! +
      HEX2[buf[6]!] +
      HEX2[buf[7]!] +
      HEX2[buf[8]!] +
      HEX2[buf[9]!] +
      HEX2[buf[10]!] +
      HEX2[buf[11]!] +
      HEX2[buf[12]!] +
      HEX2[buf[13]!] +
      HEX2[buf[14]!];
    p = 15;
  } else {
    phone = HEX2[buf[4]!]! + HEX2[buf[5]!] + HEX2[buf[6]!] + HEX2[buf[7]!] + HEX2[buf[8]!] + HEX2[buf[9]!];
    p = 10;
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
