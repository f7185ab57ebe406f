import type { Label } from './labels.ts';

// The line map (product spec section 4 "Line map", section 3 "Station traffic status") and Headway's headway
// rules (beyond the spec, docs/line-map.md): shared by the server's traffic and headway services and the console.

export interface TrafficStateDef {
  readonly hex: string;
  readonly label: Label;
}

/** Station traffic status (spec: 0 default, 1 unimpeded, 2 slow, 3 jam): each colours the station on the line map. */
export const TRAFFIC_STATES = {
  0: { hex: '#94a3b8', label: { en: 'Default', zh: '默认', th: 'ค่าเริ่มต้น' } },
  1: { hex: '#16a34a', label: { en: 'Unimpeded', zh: '畅通', th: 'คล่องตัว' } },
  2: { hex: '#f59e0b', label: { en: 'Slow', zh: '缓行', th: 'ชะลอตัว' } },
  3: { hex: '#dc2626', label: { en: 'Jam', zh: '拥堵', th: 'ติดขัด' } },
} as const satisfies { readonly [code: number]: TrafficStateDef };

export type TrafficStatus = keyof typeof TRAFFIC_STATES;
export const TRAFFIC_STATUS_CODES = Object.freeze(Object.keys(TRAFFIC_STATES).map(Number)) as readonly TrafficStatus[];

export function isTrafficStatus(value: unknown): value is TrafficStatus {
  return typeof value === 'number' && Object.hasOwn(TRAFFIC_STATES, value);
}

/** Line category (spec "Route" entity): 0 two-way, 1 one-way loop, 2 two-way loop. */
export const LINE_CATEGORIES = {
  0: { label: { en: 'Two-way', zh: '双向', th: 'สองทาง' } },
  1: { label: { en: 'One-way loop', zh: '单向环线', th: 'วงกลมทางเดียว' } },
  2: { label: { en: 'Two-way loop', zh: '双向环线', th: 'วงกลมสองทาง' } },
} as const satisfies { readonly [code: number]: { readonly label: Label } };

export type LineCategory = keyof typeof LINE_CATEGORIES;

/** A headway below this share of the scheduled one is bunching. */
export const HEADWAY_BUNCHING_RATIO = 0.5;
/** A headway above this share of the scheduled one is gapping. */
export const HEADWAY_GAPPING_RATIO = 1.5;
/** Headway regularity (coefficient of variation of observed headways) looks back this far. */
export const HEADWAY_REGULARITY_WINDOW_SECONDS = 3600;

export const HEADWAY_STATES = {
  ok: { hex: '#16a34a', label: { en: 'Regular', zh: '正常', th: 'ปกติ' } },
  bunching: { hex: '#dc2626', label: { en: 'Bunching', zh: '串车', th: 'รถจับกลุ่ม' } },
  gapping: { hex: '#f59e0b', label: { en: 'Gap', zh: '大间隔', th: 'ระยะห่างมาก' } },
  unknown: { hex: '#94a3b8', label: { en: 'No schedule', zh: '无时刻表', th: 'ไม่มีตารางเวลา' } },
} as const satisfies { readonly [name: string]: { readonly hex: string; readonly label: Label } };

export type HeadwayState = keyof typeof HEADWAY_STATES;

/** The state of an observed headway against the scheduled one (both seconds). */
export function headwayState(observed: number | null, scheduled: number | null): HeadwayState {
  if (observed === null || scheduled === null || scheduled <= 0) return 'unknown';
  const ratio = observed / scheduled;
  if (ratio < HEADWAY_BUNCHING_RATIO) return 'bunching';
  if (ratio > HEADWAY_GAPPING_RATIO) return 'gapping';
  return 'ok';
}
