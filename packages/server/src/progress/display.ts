/**
 * Vehicle display state and colour (spec section 4). Colour precedence follows the spec's list order: gray
 * offline, pink deviating, red with a warning, orange out of service, green running, purple idle with ACC on,
 * blue otherwise.
 */

export const STATE_BITS = {
  accOn: 1 << 0,
  gpsValid: 1 << 1,
  online: 1 << 4,
  running: 1 << 5,
  deviation: 1 << 7,
  outOfService: 1 << 9,
} as const;

export const WARNING_ROUTE_DEVIATION = 1 << 23;

export type DisplayKind = 'offline' | 'deviating' | 'running' | 'idle' | 'parking';
export type DisplayColour = 'gray' | 'pink' | 'red' | 'orange' | 'green' | 'purple' | 'blue';

export interface DisplayInput {
  /** Whether the terminal's session is up; defaults to state bit 4 when omitted. */
  online?: boolean;
  state: number;
  warning: number;
  /** km/h. */
  speed: number;
  now: number;
  /** Last receive time (spec `rt`), epoch s. */
  receiveTime: number;
  /** When the vehicle last started or stopped moving (spec `mt`), epoch s. */
  movingTime: number;
}

export interface VehicleDisplay {
  kind: DisplayKind;
  colour: DisplayColour;
  /** Speed to show (running, or deviating while running), else null. */
  speed: number | null;
  /** Seconds to show as elapsed (offline: since last receive; idle/parking/deviating still: since it stopped). */
  elapsed: number | null;
}

/** Above this a vehicle counts as running even when the terminal does not set bit 5. */
const RUNNING_KMH = 1;

export function vehicleDisplay(input: DisplayInput): VehicleDisplay {
  const { state, warning, speed, now } = input;
  const online = input.online ?? (state & STATE_BITS.online) !== 0;
  const running = speed >= RUNNING_KMH || ((state & STATE_BITS.running) !== 0 && speed > 0);
  const deviating = (state & STATE_BITS.deviation) !== 0 || (warning & WARNING_ROUTE_DEVIATION) !== 0;
  const accOn = (state & STATE_BITS.accOn) !== 0;
  const sinceMove = Math.max(0, now - input.movingTime);
  let kind: DisplayKind;
  let shownSpeed: number | null = null;
  let elapsed: number | null = null;
  if (!online) {
    kind = 'offline';
    elapsed = Math.max(0, now - input.receiveTime);
  } else if (deviating) {
    kind = 'deviating';
    if (running) shownSpeed = speed;
    else elapsed = sinceMove;
  } else if (running) {
    kind = 'running';
    shownSpeed = speed;
  } else if (accOn) {
    kind = 'idle';
    elapsed = sinceMove;
  } else {
    kind = 'parking';
    elapsed = sinceMove;
  }
  return { kind, colour: colourOf(online, deviating, warning, state, running, accOn), speed: shownSpeed, elapsed };
}

function colourOf(
  online: boolean,
  deviating: boolean,
  warning: number,
  state: number,
  running: boolean,
  accOn: boolean,
): DisplayColour {
  if (!online) return 'gray';
  if (deviating) return 'pink';
  if (warning !== 0) return 'red';
  if ((state & STATE_BITS.outOfService) !== 0) return 'orange';
  if (running) return 'green';
  if (accOn) return 'purple';
  return 'blue';
}
