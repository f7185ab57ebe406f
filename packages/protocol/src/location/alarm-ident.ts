import type { LocalTime } from '../codec/bcd.ts';
import type { Reader, Writer } from '../codec/bytes.ts';
import { encodeGbk } from '../codec/text.ts';

/**
 * T/JSATL 12 §4.5.2 alarm identification number: links a 0x64–0x67 alarm, 0x9208, 0x1210 and the file names.
 * JSATL: terminal ID BYTE[7] + time + seq + count + BYTE reserved = 16 bytes.
 * T/GDRTA 002: terminal ID BYTE[30] + … + BYTE[2] reserved = 40 bytes (reference §10.1).
 */
export interface AlarmIdent {
  terminalId: string;
  time: LocalTime;
  /** Sequence number of alarms within the same second. */
  seq: number;
  attachmentCount: number;
  /** 1 byte (JSATL) or 2 bytes (GDRTA); its length also selects the layout when encoding. */
  reserved: Uint8Array;
}

export function readAlarmIdent(r: Reader, length: 16 | 40): AlarmIdent {
  const wide = length === 40;
  return {
    terminalId: r.str(wide ? 30 : 7),
    time: r.time(),
    seq: r.u8(),
    attachmentCount: r.u8(),
    reserved: r.bytes(wide ? 2 : 1),
  };
}

export function alarmIdentLength(a: AlarmIdent): 16 | 40 {
  return a.reserved.length === 2 || encodeGbk(a.terminalId).length > 7 ? 40 : 16;
}

export function writeAlarmIdent(w: Writer, a: AlarmIdent): void {
  const wide = alarmIdentLength(a) === 40;
  w.str(a.terminalId, wide ? 30 : 7)
    .time(a.time)
    .u8(a.seq)
    .u8(a.attachmentCount)
    .fixed(a.reserved, wide ? 2 : 1);
}
