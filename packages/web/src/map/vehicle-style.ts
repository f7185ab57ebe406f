import { type RealData, type VehicleColour, type VehicleStateKind, vehicleDisplay } from '@headway/server/contract';

// How a vehicle looks on the map: colour by display state (spec section 4), icon turned by azimuth in
// 30° steps (spec section 9), so twelve pre-drawn headings cover every direction.

export const COLOURS: readonly VehicleColour[] = ['gray', 'pink', 'red', 'orange', 'green', 'purple', 'blue'];
/** Display states by index (the live worker sends indices, docs/live.md "In the browser"). */
export const STATE_KINDS: readonly VehicleStateKind[] = ['offline', 'deviating', 'running', 'idle', 'parking'];

export const COLOUR_HEX: Record<VehicleColour, string> = {
  gray: '#94a3b8',
  pink: '#ec4899',
  red: '#ef4444',
  orange: '#f59e0b',
  green: '#16a34a',
  purple: '#8b5cf6',
  blue: '#3b82f6',
};

export const AZIMUTH_STEP = 30;
export const AZIMUTH_STEPS = 360 / AZIMUTH_STEP;

/** Azimuth (degrees, any value) → heading index 0–11, rounded to the nearest 30° step. */
export function azimuthStep(azimuth: number): number {
  if (!Number.isFinite(azimuth)) return 0;
  const normalised = ((azimuth % 360) + 360) % 360;
  return Math.round(normalised / AZIMUTH_STEP) % AZIMUTH_STEPS;
}

export interface VehicleLook {
  kind: VehicleStateKind;
  colour: VehicleColour;
  speed: number | null;
  elapsed: number | null;
}

/** The display state of a vehicle from its real_data; never seen → offline. */
export function vehicleLook(data: RealData | null, online: boolean, now: number): VehicleLook {
  if (!data) return { kind: 'offline', colour: 'gray', speed: null, elapsed: null };
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

/** Whether real_data's state says online (bit 4); the live channel only carries that flag. */
export function isOnline(data: RealData): boolean {
  return (data.s & (1 << 4)) !== 0;
}
