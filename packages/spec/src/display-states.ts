import type { Label } from './labels.ts';
import { StateMask } from './state-bits.ts';
import { WarningMask } from './warning-bits.ts';

// How a vehicle is shown (product spec section 4, "Vehicle display state"): one display state per vehicle, each
// with its colour and label, chosen by the spec's precedence — gray offline, pink deviating, red with a warning,
// orange out of service, green running, purple idle with ACC on, blue otherwise. The server's vehicle tree, the
// live map's icons, the tree's text and the info box all derive it here, so the text always matches the colour.

export interface DisplayStateDef {
  readonly colour: string;
  /** The colour as drawn by the console. */
  readonly hex: string;
  readonly label: Label;
}

/** In precedence order: the first state whose condition holds is the vehicle's. */
export const DISPLAY_STATES = {
  offline: { colour: 'gray', hex: '#94a3b8', label: { en: 'Offline', zh: '离线', th: 'ออฟไลน์' } },
  deviating: { colour: 'pink', hex: '#ec4899', label: { en: 'Deviating', zh: '偏线', th: 'ออกนอกเส้นทาง' } },
  warning: { colour: 'red', hex: '#ef4444', label: { en: 'Warning', zh: '报警', th: 'แจ้งเตือน' } },
  outOfService: { colour: 'orange', hex: '#f59e0b', label: { en: 'Out of service', zh: '停运', th: 'งดให้บริการ' } },
  running: { colour: 'green', hex: '#16a34a', label: { en: 'Running', zh: '行驶', th: 'กำลังวิ่ง' } },
  idle: {
    colour: 'purple',
    hex: '#8b5cf6',
    label: { en: 'Idle (ACC on)', zh: '怠速（ACC 开）', th: 'จอดติดเครื่อง (ACC เปิด)' },
  },
  parking: { colour: 'blue', hex: '#3b82f6', label: { en: 'Parked', zh: '停车', th: 'จอด' } },
} as const satisfies { readonly [name: string]: DisplayStateDef };

export type DisplayState = keyof typeof DISPLAY_STATES;
export type DisplayColour = (typeof DISPLAY_STATES)[DisplayState]['colour'];

/** The states in precedence order (also the index the live worker sends for a state). */
export const DISPLAY_STATE_NAMES = Object.freeze(Object.keys(DISPLAY_STATES)) as readonly DisplayState[];

/** The colours in the same order (the sprite sheet's columns). */
export const DISPLAY_COLOURS = Object.freeze(
  DISPLAY_STATE_NAMES.map((state) => DISPLAY_STATES[state].colour),
) as readonly DisplayColour[];

/** Each colour belongs to exactly one state. */
export const STATE_OF_COLOUR = Object.freeze(
  Object.fromEntries(DISPLAY_STATE_NAMES.map((state) => [DISPLAY_STATES[state].colour, state])),
) as { readonly [C in DisplayColour]: DisplayState };

export interface DisplayInput {
  /** Whether the terminal's session is up; defaults to state bit `online` when omitted. */
  online?: boolean;
  /** Platform state word (state-bits.ts). */
  state: number;
  /** Warning word (warning-bits.ts). */
  warning: number;
  /** km/h. */
  speed: number;
  /** Epoch seconds. */
  now: number;
  /** Last receive time (real_data `rt`), epoch s. */
  receiveTime: number;
  /** When the vehicle last started or stopped moving (real_data `mt`), epoch s. */
  movingTime: number;
}

export interface VehicleDisplay {
  state: DisplayState;
  colour: DisplayColour;
  /** Speed to show beside the label (running, or deviating while running), else null. */
  speed: number | null;
  /** Seconds to show beside the label (offline: since last receive; otherwise since it stopped), else null. */
  elapsed: number | null;
}

/** Above this a vehicle counts as running even when the terminal does not set the running bit. */
export const RUNNING_KMH = 1;

/** What a never-seen vehicle shows. */
export const NEVER_SEEN_DISPLAY: Readonly<VehicleDisplay> = Object.freeze({
  state: 'offline',
  colour: 'gray',
  speed: null,
  elapsed: null,
});

/**
 * The display state of a vehicle. The spec's text rule (offline with the time since last receive; deviating with
 * its speed if running, else the time since it stopped; running with its speed; idle or parking with the time
 * since it stopped) gives the speed or elapsed time; the state and colour follow the colour precedence.
 */
export function vehicleDisplay(input: DisplayInput): VehicleDisplay {
  const { state, warning, speed, now } = input;
  const online = input.online ?? (state & StateMask.online) !== 0;
  const running = speed >= RUNNING_KMH || ((state & StateMask.running) !== 0 && speed > 0);
  const deviating = (state & StateMask.deviation) !== 0 || (warning & WarningMask.routeDeviation) !== 0;
  const sinceMove = Math.max(0, now - input.movingTime);
  let shown: DisplayState;
  if (!online) shown = 'offline';
  else if (deviating) shown = 'deviating';
  else if (warning !== 0) shown = 'warning';
  else if ((state & StateMask.outOfService) !== 0) shown = 'outOfService';
  else if (running) shown = 'running';
  else if ((state & StateMask.accOn) !== 0) shown = 'idle';
  else shown = 'parking';
  const colour = DISPLAY_STATES[shown].colour;
  if (!online) return { state: shown, colour, speed: null, elapsed: Math.max(0, now - input.receiveTime) };
  if (running) return { state: shown, colour, speed, elapsed: null };
  return { state: shown, colour, speed: null, elapsed: sinceMove };
}

/** The fields of the spec's real_data that the display rule reads (short names as on the wire). */
export interface RealDataForDisplay {
  s: number;
  w: number;
  v: number;
  rt: number;
  et: number;
  mt?: number | null;
}

/** The display state of a vehicle from its real_data (or never seen: offline), as the tree, map and info box show it. */
export function realDataDisplay(data: RealDataForDisplay | null, online: boolean, now: number): VehicleDisplay {
  if (!data) return NEVER_SEEN_DISPLAY;
  return vehicleDisplay({
    online,
    state: data.s,
    warning: data.w,
    speed: data.v,
    now,
    receiveTime: data.rt,
    movingTime: data.mt ?? data.et,
  });
}
