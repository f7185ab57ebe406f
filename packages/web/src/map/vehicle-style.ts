import type { RealData } from '@headway/server/contract';
import {
  DISPLAY_COLOURS,
  DISPLAY_STATE_NAMES,
  DISPLAY_STATES,
  type DisplayColour,
  type DisplayState,
  realDataDisplay,
  StateMask,
} from '@headway/spec';

// How a vehicle looks on the map: colour by display state (spec section 4, @headway/spec display-states.ts), icon
// turned by azimuth in 30° steps (spec section 9), so twelve pre-drawn headings cover every direction.

/** Colours by index: the sprite sheet's columns. */
export const COLOURS: readonly DisplayColour[] = DISPLAY_COLOURS;
/** Display states by index (the live worker sends indices, docs/live.md "In the browser"). */
export const STATE_KINDS: readonly DisplayState[] = DISPLAY_STATE_NAMES;

export const COLOUR_HEX = Object.fromEntries(
  DISPLAY_STATE_NAMES.map((state) => [DISPLAY_STATES[state].colour, DISPLAY_STATES[state].hex]),
) as Record<DisplayColour, string>;

export const AZIMUTH_STEP = 30;
export const AZIMUTH_STEPS = 360 / AZIMUTH_STEP;

/** Azimuth (degrees, any value) → heading index 0–11, rounded to the nearest 30° step. */
export function azimuthStep(azimuth: number): number {
  if (!Number.isFinite(azimuth)) return 0;
  const normalised = ((azimuth % 360) + 360) % 360;
  return Math.round(normalised / AZIMUTH_STEP) % AZIMUTH_STEPS;
}

interface VehicleLook {
  /** The display state: its label and colour go together (a red dot reads "Warning"). */
  kind: DisplayState;
  colour: DisplayColour;
  speed: number | null;
  elapsed: number | null;
}

/** The display state of a vehicle from its real_data; never seen → offline. */
export function vehicleLook(data: RealData | null, online: boolean, now: number): VehicleLook {
  const display = realDataDisplay(data, online, now);
  return { kind: display.state, colour: display.colour, speed: display.speed, elapsed: display.elapsed };
}

/** Whether real_data's state says online; the live channel only carries that flag. */
export function isOnline(data: RealData): boolean {
  return (data.s & StateMask.online) !== 0;
}
