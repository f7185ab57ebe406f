import type { MotionState } from '../motion/events.ts';

/** A bus with no block to run now: parked at its line's terminal, ACC off, doors shut. */
export function parkedState(
  at: { lat: number; lng: number; azimuth: number; routeCode: string },
  time: number,
  odometer: number,
): MotionState {
  return {
    time,
    lat: at.lat,
    lng: at.lng,
    speed: 0,
    azimuth: at.azimuth,
    odometer,
    accOn: false,
    doors: [false, false, false],
    phase: 'parked',
    tripId: '',
    routeCode: at.routeCode,
    direction: 1,
    detourMetres: 0,
    stoppedFor: 0,
    passengers: { onboard: 0, onDay: 0, onTrip: 0, offTrip: 0, onLast: 0, offLast: 0 },
  };
}
