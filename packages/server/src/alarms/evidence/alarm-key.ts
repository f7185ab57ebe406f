import { type AlarmIdent, fromHex } from '@headway/protocol';
import type { SafetyIdent } from '../body.ts';

// The alarm identification (T/JSATL 12 §4.5.2) as evidence needs it. The detector keys an active-safety alarm by
// it (`${terminalId}_${YYMMDDhhmmss}_${seq}`, detection/safety.ts safetyAlarmKey) and keeps it in the row's
// `attached.ident`; 0x9208 must send it back unchanged, and the alarm number we add must lead back to the row.

function isSafetyIdent(value: unknown): value is SafetyIdent {
  const v = value as Partial<SafetyIdent> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.terminalId === 'string' &&
    typeof v.time === 'string' &&
    /^\d{12}$/.test(v.time) &&
    typeof v.seq === 'number' &&
    typeof v.attachmentCount === 'number' &&
    typeof v.reservedHex === 'string'
  );
}

/**
 * The identification of a stored alarm: the one the detector kept in `attached.ident`, else read back from the
 * alarm_key (reserved bytes unknown: zeros). Undefined for an alarm that has none (the alarm word, the platform's).
 */
export function identOfAlarm(row: {
  alarm_key: string;
  attached: string;
  attached_count: number;
}): SafetyIdent | undefined {
  try {
    const ident = (JSON.parse(row.attached) as { ident?: unknown }).ident;
    if (isSafetyIdent(ident)) return ident;
  } catch {
    // Not JSON: fall back to the key.
  }
  const m = /^(.+)_(\d{12})_(\d{1,3})$/.exec(row.alarm_key);
  if (!m) return undefined;
  const seq = Number(m[3]);
  if (seq > 255) return undefined;
  const terminalId = m[1] as string;
  // T/GDRTA 002 terminals (30-byte ids) use the 40-byte identification with 2 reserved bytes.
  return {
    terminalId,
    time: m[2] as string,
    seq,
    attachmentCount: row.attached_count,
    reservedHex: terminalId.length > 7 ? '0000' : '00',
  };
}

/** The codec's AlarmIdent for a SafetyIdent (its BCD time digits are written as they are). */
export function protocolIdent(ident: SafetyIdent): AlarmIdent {
  const reserved = fromHex(ident.reservedHex) ?? new Uint8Array(0);
  return {
    terminalId: ident.terminalId,
    time: ident.time,
    seq: ident.seq,
    attachmentCount: Math.min(255, Math.max(0, ident.attachmentCount)),
    reserved: reserved.length === 1 || reserved.length === 2 ? reserved : new Uint8Array(1),
  };
}

const ALARM_NO_PREFIX = 'HW';

/**
 * The 32-character alarm number of 0x9208 (BYTE[32], "the platform's unique id for the alarm"): `HW` and the
 * alarm row id in 30 digits. The terminal echoes it in 0x1210 and in every file name, so the attachment server
 * maps an upload back to the alarm row, checked against the uploading terminal.
 */
export function alarmNumber(alarmId: number): string {
  return ALARM_NO_PREFIX + String(alarmId).padStart(30, '0');
}

/** The alarm row id in an alarm number we issued; undefined for one a terminal made up itself. */
export function alarmIdOf(alarmNo: string): number | undefined {
  if (alarmNo.length !== 32 || !alarmNo.startsWith(ALARM_NO_PREFIX)) return undefined;
  const digits = alarmNo.slice(ALARM_NO_PREFIX.length);
  if (!/^\d{30}$/.test(digits)) return undefined;
  const id = Number(digits);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
