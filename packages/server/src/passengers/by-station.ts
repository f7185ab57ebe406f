import type { CountChange } from './counters.ts';

// Passengers per station: the counter changes merged in time order with the vehicle's arrival/departure events
// (docs/passengers.md "By station"). Doors open only at stops, so what a report counted happened at the station
// the vehicle last arrived at or departed from; the report that shows it may come later (a report interval, or a
// gap), which still points at that station until the next arrival.

/** One stored arrival (flag 1) or departure (flag 2), in the order `sortEvents` gives. */
export interface VisitEvent {
  time: number;
  flag: number;
  route_code: string;
  direction: number;
  serial: number;
  station_name: string;
}

/** A station of a line, one per direction: a stop served in both directions is two stations. */
export interface StationTally {
  route_code: string;
  direction: number;
  serial: number;
  station_name: string;
  up: number;
  down: number;
}

export interface AttributionOptions {
  /** An event older than this before a change says nothing about where it happened (a depot, a new duty). */
  staleSeconds: number;
  /** How far after a change its next arrival may be when the change belongs there (a new trip's first stop). */
  lookaheadSeconds: number;
  /** How much later than the doors opening a stop's arrival may be recorded. */
  arrivalLagSeconds: number;
}

export const ATTRIBUTION: AttributionOptions = { staleSeconds: 1800, lookaheadSeconds: 1800, arrivalLagSeconds: 60 };

/** Time order; at the same second a departure comes before an arrival (leaving one station, reaching the next). */
export function sortEvents<T extends VisitEvent>(events: T[]): T[] {
  return events.sort((a, b) => a.time - b.time || b.flag - a.flag);
}

function add(t: StationTally, up: number, down: number): void {
  t.up += up;
  t.down += down;
}

const keyOf = (e: Pick<VisitEvent, 'route_code' | 'direction' | 'serial'>) =>
  `${e.route_code}\u0000${e.direction}\u0000${e.serial}`;

/**
 * Tallies the changes per station. Stations the vehicle visited inside [start, end] appear even with nothing
 * counted; changes that no event places land on a station with an empty name (`route_code` '', `serial` 0).
 * `events` are sorted (`sortEvents`) and may reach `staleSeconds` before and `lookaheadSeconds` after the range.
 */
export function tallyByStation(
  changes: readonly CountChange[],
  events: readonly VisitEvent[],
  range: { start: number; end: number },
  options: AttributionOptions = ATTRIBUTION,
): StationTally[] {
  const tallies = new Map<string, StationTally>();
  const tallyOf = (e: Omit<StationTally, 'up' | 'down'>) => {
    const key = keyOf(e);
    let t = tallies.get(key);
    if (!t) {
      t = {
        route_code: e.route_code,
        direction: e.direction,
        serial: e.serial,
        station_name: e.station_name,
        up: 0,
        down: 0,
      };
      tallies.set(key, t);
    }
    // A renamed station keeps one row, under its latest name.
    if (e.station_name) t.station_name = e.station_name;
    return t;
  };
  for (const e of events) if (e.time >= range.start && e.time <= range.end) tallyOf(e);

  const unplaced = () => tallyOf({ route_code: '', direction: 0, serial: 0, station_name: '' });
  // prevArrival[i] / nextArrival[i]: the last arrival at or before index i / the first at or after it.
  const prevArrival = new Array<number>(events.length).fill(-1);
  for (let i = 0; i < events.length; i++) prevArrival[i] = events[i]!.flag === 1 ? i : (prevArrival[i - 1] ?? -1);
  const nextArrival = new Array<number>(events.length + 1).fill(-1);
  for (let i = events.length - 1; i >= 0; i--) nextArrival[i] = events[i]!.flag === 1 ? i : nextArrival[i + 1]!;
  /** The last event at or before time t, or -1. */
  const upTo = (t: number) => {
    let lo = 0;
    let hi = events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (events[mid]!.time <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  };

  for (const c of changes) {
    const i = upTo(c.time);
    const fresh = (k: number) => k >= 0 && c.time - events[k]!.time <= options.staleSeconds;
    const latest = fresh(i) ? i : -1;
    const arrival = i >= 0 && fresh(prevArrival[i]!) ? prevArrival[i]! : -1;
    const n = nextArrival[i + 1]!;
    const next = n >= 0 && events[n]!.time - c.time <= options.lookaheadSeconds ? n : -1;
    if (latest < 0 || (next >= 0 && onNewTrip(c, events[arrival >= 0 ? arrival : latest]!, events[next]!))) {
      add(next >= 0 ? tallyOf(events[next]!) : unplaced(), c.up, c.down);
      continue;
    }
    const here = tallyOf(events[latest]!);
    // Left this station before the previous report, and a new stop's counts show: the vehicle is at the next
    // station already, its doors open before the arrival the server dates from the reports around it.
    const ahead = nextArrival[latest + 1]!;
    if (
      c.lastStop &&
      events[latest]!.flag === 2 &&
      events[latest]!.time <= c.since &&
      ahead >= 0 &&
      events[ahead]!.time - c.time <= options.arrivalLagSeconds
    ) {
      const up = Math.min(c.up, c.lastStop.up);
      const down = Math.min(c.down, c.lastStop.down);
      add(tallyOf(events[ahead]!), up, down);
      add(here, c.up - up, c.down - down);
      continue;
    }
    add(here, c.up, c.down);
  }
  return [...tallies.values()];
}

/**
 * Whether the change's trip began after the vehicle was last seen at a station (`last`), so it happened at the
 * next arrival: the new trip's first stop, while the events still show the old trip's terminal (the server records
 * a turnaround when the vehicle leaves, after the boardings at the new origin).
 */
function onNewTrip(c: CountChange, last: VisitEvent, next: VisitEvent): boolean {
  if (c.trip === null) return false;
  if (last.time <= c.trip.after) return true;
  if (last.time > c.trip.seen) return false;
  // The reset and that event fall between the same two reports: which came first is unknown. The old trip's
  // terminal (anything but a first stop) followed by a first stop means the trip turned there.
  return last.serial !== 1 && next.serial === 1;
}

/** Line order: lines by `lineOrder` (then code), each by direction then serial; unplaced counts last. */
export function inLineOrder(tallies: StationTally[], lineOrder: ReadonlyMap<string, number>): StationTally[] {
  const rank = (code: string) =>
    code === '' ? Number.POSITIVE_INFINITY : (lineOrder.get(code) ?? Number.MAX_SAFE_INTEGER);
  return tallies.sort(
    (a, b) =>
      rank(a.route_code) - rank(b.route_code) ||
      a.route_code.localeCompare(b.route_code) ||
      a.direction - b.direction ||
      a.serial - b.serial,
  );
}
