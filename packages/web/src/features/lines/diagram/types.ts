import type { HeadwayState } from '@headway/spec';
import type { Placement } from './placement';

// What the line diagram draws: the same shapes for the live line map and the emulated replay.

export interface DiagramVehicle {
  /** Stable key (the vehicle's IMEI, or its car id in a replay). */
  key: string;
  car_id: number;
  car_name: string;
  imei: string;
  direction: number;
  placement: Placement;
  /** Chip colour (the display state's, @headway/spec DISPLAY_STATES). */
  colour: string;
  /** One line about its state for the chip's title (assistive text and hover). */
  detail: string;
}

/** The headway between two consecutive vehicles of a direction, drawn between them. */
export interface DiagramGap {
  direction: number;
  /** Keys of the following vehicle and of the one ahead of it. */
  behind: string;
  ahead: string;
  /** Seconds; null when unknown. */
  headway: number | null;
  scheduled: number | null;
  state: HeadwayState;
}

export type VehicleAction = 'trace' | 'emulatedReplay' | 'mapReplay';

export type DiagramLayout = 'compact' | 'vertical';
