import type { OwnLine, OwnLineDirection, OwnLineStation, RealData } from '@headway/server/contract';

type RealDataRoute = NonNullable<RealData['route']>;

// Where a vehicle sits on the line diagram (product spec section 4 "Emulated replay": "a vehicle is in a terminal
// field (main or second) depending on direction, serial and route category"; docs/line-map.md "Console"). Stations
// are drawn evenly spaced, so a position is a fractional station index: 3.4 is 40 % of the way from the fourth
// station to the fifth by their distances.

/** The two terminal fields of a line: where its vehicles wait between trips. */
export type TerminalField = 'main' | 'second';

export interface Placement {
  /** Set when the vehicle waits in a terminal field instead of running between stations. */
  field: TerminalField | null;
  /** Fractional station index along the direction (0 = origin); meaningful when `field` is null. */
  pos: number;
}

/**
 * The terminal field at one end of a direction. Two-way lines (category 0) run up from the main terminal to the
 * second one and back down; both kinds of loop (1 one-way, 2 two-way) start and end every trip at the main
 * terminal, so they have no second field.
 */
export function terminalFieldOf(category: number, direction: number, end: 'origin' | 'terminal'): TerminalField {
  if (category === 1 || category === 2) return 'main';
  const upward = direction !== 2;
  return (end === 'origin') === upward ? 'main' : 'second';
}

/**
 * Whether a direction is drawn against the page's reading order: in a two-way line the down direction runs from
 * the second terminal back to the main one, so both rows share a main field at the start of the line.
 */
export function isReversed(category: number, direction: number): boolean {
  return category !== 1 && category !== 2 && direction === 2;
}

/** The index of the station with `serial` in a direction's stations (in serial order), or -1. */
export function stationIndex(stations: readonly OwnLineStation[], serial: number): number {
  // Serials usually run 1..n: try the direct guess before searching.
  const guess = stations[serial - 1];
  if (guess?.serial === serial) return serial - 1;
  return stations.findIndex((s) => s.serial === serial);
}

/** The fractional station index of a point `along` metres from the direction's origin. */
export function posAtDistance(stations: readonly OwnLineStation[], along: number): number {
  const n = stations.length;
  if (n < 2) return 0;
  if (along <= (stations[0] as OwnLineStation).distance) return 0;
  if (along >= (stations[n - 1] as OwnLineStation).distance) return n - 1;
  let lo = 0;
  let hi = n - 1;
  // Invariant: stations[lo].distance <= along < stations[hi].distance.
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((stations[mid] as OwnLineStation).distance <= along) lo = mid;
    else hi = mid;
  }
  const a = (stations[lo] as OwnLineStation).distance;
  const b = (stations[hi] as OwnLineStation).distance;
  return lo + (b > a ? (along - a) / (b - a) : 0);
}

function field(line: Pick<OwnLine, 'category'>, direction: number, end: 'origin' | 'terminal'): Placement {
  return { field: terminalFieldOf(line.category, direction, end), pos: 0 };
}

/**
 * A live vehicle's place from real_data.route (docs/ingest.md "The route object": `sn` the last station reached
 * this trip, 0 before the first; `dt` 0 while still there; `dist` metres to the next station). Waiting at the
 * origin or having reached the terminal puts it in that end's field.
 */
export function placeLive(
  line: Pick<OwnLine, 'category'>,
  direction: Pick<OwnLineDirection, 'direction' | 'stations'>,
  route: Pick<RealDataRoute, 'sn' | 'dt' | 'dist'>,
): Placement {
  const { stations } = direction;
  const last = stations.length - 1;
  const sn = route.sn ?? 0;
  if (last < 1 || sn <= 0) return field(line, direction.direction, 'origin');
  const i = stationIndex(stations, sn);
  if (i < 0) return field(line, direction.direction, 'origin');
  if (i >= last) return field(line, direction.direction, 'terminal');
  if (i === 0 && !route.dt) return field(line, direction.direction, 'origin');
  const here = stations[i] as OwnLineStation;
  const next = stations[i + 1] as OwnLineStation;
  const leg = next.distance - here.distance;
  // Still at the station (not departed) or no distance told: at the station itself.
  if (!route.dt || route.dist === undefined || leg <= 0) return { field: null, pos: i };
  return { field: null, pos: i + Math.min(1, Math.max(0, 1 - route.dist / leg)) };
}

/** A vehicle's place from its distance along the direction (the headway list's `distance`). */
export function placeAlong(
  line: Pick<OwnLine, 'category'>,
  direction: Pick<OwnLineDirection, 'direction' | 'stations'>,
  along: number,
): Placement {
  const { stations } = direction;
  const pos = posAtDistance(stations, along);
  if (stations.length < 2 || pos <= 0) return field(line, direction.direction, 'origin');
  if (pos >= stations.length - 1) return field(line, direction.direction, 'terminal');
  return { field: null, pos };
}

/** Event flags (spec "Departure/arrival event"). */
export const ARRIVAL = 1;
export const DEPARTURE = 2;

/**
 * A station event's place (emulated replay): an arrival stands at the station, a departure is halfway to the next
 * one. Arriving at the origin or at the terminal, or leaving the terminal, is in that end's field.
 */
export function placeEvent(
  line: Pick<OwnLine, 'category'>,
  direction: Pick<OwnLineDirection, 'direction' | 'stations'>,
  serial: number,
  flag: number,
): Placement {
  const { stations } = direction;
  const last = stations.length - 1;
  const i = stationIndex(stations, serial);
  if (i < 0 || last < 1) return field(line, direction.direction, 'origin');
  if (i >= last) return field(line, direction.direction, 'terminal');
  if (flag !== DEPARTURE) return i === 0 ? field(line, direction.direction, 'origin') : { field: null, pos: i };
  return { field: null, pos: i + 0.5 };
}
