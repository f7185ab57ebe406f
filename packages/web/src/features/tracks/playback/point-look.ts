import { STALE_POINT_SECONDS, StateMask, WarningMask } from '@headway/spec';

// How a track point and the playing vehicle look (product spec section 8 "Track replay"), from the spec's bit
// tables. Decisions where the spec is silent (docs/tracks.md "Console"): a point that is stale AND speeding is
// gray (its position is from a backlog, not where the bus was when the console would have shown it); "warning
// 1–3" for the icon means warning bits 1–3 (speeding, fatigue, danger), not the word's numeric value.

export const POINT_KINDS = ['normal', 'speeding', 'doorOpen', 'stale'] as const;
export type PointKind = (typeof POINT_KINDS)[number];

/** Spec: red speeding, orange door open, blue otherwise, gray stale. */
export const POINT_COLOURS: Record<PointKind, string> = {
  normal: '#2563eb',
  speeding: '#ef4444',
  doorOpen: '#f97316',
  stale: '#9ca3af',
};

const DOORS_OPEN = StateMask.door1Open | StateMask.door2Open | StateMask.door3Open;
/** Warning bits 1–3: speeding, fatigue, danger. */
const ICON_WARNINGS = WarningMask.speeding | WarningMask.fatigue | WarningMask.danger;

interface LookInput {
  state: number;
  warning: number;
  event_time: number;
  receive_time: number;
}

export function isStale(p: Pick<LookInput, 'event_time' | 'receive_time'>): boolean {
  return Math.abs(p.receive_time - p.event_time) > STALE_POINT_SECONDS;
}

/** Index into POINT_KINDS (kept as a byte per point for 60,000-point tracks). */
export function pointKind(p: LookInput): number {
  if (isStale(p)) return 3;
  if ((p.warning & WarningMask.speeding) !== 0) return 1;
  if ((p.state & DOORS_OPEN) !== 0) return 2;
  return 0;
}

export type IconColour = 'gray' | 'red' | 'green';

export const ICON_HEX: Record<IconColour, string> = { gray: '#9ca3af', red: '#ef4444', green: '#16a34a' };

/** Spec: gray when receive and event time differ by more than 5 min, red on warning 1–3, else green. */
export function iconColour(p: LookInput): IconColour {
  if (isStale(p)) return 'gray';
  if (((p.warning >>> 0) & ICON_WARNINGS) !== 0) return 'red';
  return 'green';
}
