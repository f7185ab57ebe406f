import { HEX2 } from './hex.ts';

/**
 * A BCD[6] `YYMMDDhhmmss` time as sent by the terminal, written `YYYY-MM-DDThh:mm:ss` with no zone.
 * JT/T 808 times are local (GMT+8 unless configured otherwise); 2019 0x8004 is UTC. Convert with `localTimeToEpoch`.
 * Nibbles that are not decimal digits are kept as hex letters so nothing is silently lost.
 */
export type LocalTime = string;

const HI = new Uint8Array(256);
const LO = new Uint8Array(256);
for (let i = 0; i < 256; i++) {
  HI[i] = HEX2[i]!.charCodeAt(0);
  LO[i] = HEX2[i]!.charCodeAt(1);
}

/** Reads BCD[6] at `off` as a LocalTime. Years are 2000-based (the standard has two-digit years). */
export function readBcdTime(buf: Uint8Array, off: number): LocalTime {
  // One flat string allocation: this runs for every position report.
  const y = buf[off]!;
  const mo = buf[off + 1]!;
  const d = buf[off + 2]!;
  const h = buf[off + 3]!;
  const mi = buf[off + 4]!;
  const s = buf[off + 5]!;
  return String.fromCharCode(
    50,
    48,
    HI[y]!,
    LO[y]!,
    45,
    HI[mo]!,
    LO[mo]!,
    45,
    HI[d]!,
    LO[d]!,
    84,
    HI[h]!,
    LO[h]!,
    58,
    HI[mi]!,
    LO[mi]!,
    58,
    HI[s]!,
    LO[s]!,
  );
}

/** Value of a hex digit character code, or 0 for anything else (encoders pad; they never fail on a digit). */
function nibble(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return 0;
}

/** Writes a LocalTime `YYYY-MM-DDThh:mm:ss` (or a raw 12-digit string) as BCD[6]. */
export function writeBcdTime(out: Uint8Array, off: number, time: LocalTime): void {
  if (time.length === 19) {
    // Digit positions of YY, MM, DD, hh, mm, ss in `YYYY-MM-DDThh:mm:ss`.
    out[off] = (nibble(time.charCodeAt(2)) << 4) | nibble(time.charCodeAt(3));
    out[off + 1] = (nibble(time.charCodeAt(5)) << 4) | nibble(time.charCodeAt(6));
    out[off + 2] = (nibble(time.charCodeAt(8)) << 4) | nibble(time.charCodeAt(9));
    out[off + 3] = (nibble(time.charCodeAt(11)) << 4) | nibble(time.charCodeAt(12));
    out[off + 4] = (nibble(time.charCodeAt(14)) << 4) | nibble(time.charCodeAt(15));
    out[off + 5] = (nibble(time.charCodeAt(17)) << 4) | nibble(time.charCodeAt(18));
    return;
  }
  writeBcdDigits(out, off, 6, time.replace(/[-T:]/g, '').slice(-12));
}

/** Left-pads `digits` with '0' to 2*len and packs them; hex letters are accepted so a non-BCD value round-trips. */
export function writeBcdDigits(out: Uint8Array, off: number, len: number, digits: string): void {
  const pad = len * 2 - digits.length; // > 0: leading zeros; < 0: keep the last 2*len digits
  for (let i = 0; i < len * 2; i++) {
    const k = i - pad;
    const v = k >= 0 && k < digits.length ? nibble(digits.charCodeAt(k)) : 0;
    if (i & 1) out[off + (i >> 1)]! |= v;
    else out[off + (i >> 1)] = v << 4;
  }
}

export function readBcdDigits(buf: Uint8Array, off: number, len: number): string {
  let s = '';
  for (let i = 0; i < len; i++) s += HEX2[buf[off + i]!];
  return s;
}

const LOCAL_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/**
 * Converts a terminal LocalTime to epoch seconds, given the terminal's UTC offset in minutes (default +480, GMT+8).
 * Returns undefined when the text is not a valid calendar time (non-BCD nibbles, month 13, an all-zero time…).
 */
export function localTimeToEpoch(time: LocalTime, utcOffsetMinutes = 480): number | undefined {
  const m = LOCAL_TIME_RE.exec(time);
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const h = Number(m[4]);
  const mi = Number(m[5]);
  const s = Number(m[6]);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return undefined;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  if (back.getUTCDate() !== d) return undefined; // 31 February and friends
  return ms / 1000 - utcOffsetMinutes * 60;
}

/** Epoch seconds → LocalTime in the given UTC offset (minutes). Used when the platform sends times (0x8004, 0x9201…). */
export function epochToLocalTime(epochSeconds: number, utcOffsetMinutes = 480): LocalTime {
  const d = new Date((epochSeconds + utcOffsetMinutes * 60) * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}T${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}
