// Boardings and alightings from the counters terminals report in the vendor item 0xE1 of 0x0200
// (ingest/vendor-items.ts, docs/passengers.md "Counters"). The counters are cumulative and reset now and then, so
// counts come from the difference between consecutive reports:
// - on_day: boardings since the terminal's day began; resets at a new day (or a restart).
// - on_trip / off_trip: boardings / alightings since the trip began; reset together when a trip ends.
// - on_real / off_real: boardings / alightings at the last stop served; they change only at a stop.
// A report may go missing (the difference then spans the gap), come twice (no difference), or follow a reset
// (the counters fall back): each case is handled below without ever counting a passenger twice.

/** The five WORDs of item 0xE1 at one report. */
export interface PassengerCounters {
  onDay: number;
  onTrip: number;
  offTrip: number;
  onReal: number;
  offReal: number;
}

export interface CounterSample {
  /** Epoch seconds of the report. */
  time: number;
  counters: PassengerCounters;
}

/** Passengers counted between one report and the next, observed at the later report's time. */
export interface CountChange {
  time: number;
  /** The previous report's time: the change happened in (since, time]. */
  since: number;
  up: number;
  down: number;
  /**
   * The "last stop" counters (on_real, off_real) at `time` when they differ from the previous report's: a stop was
   * served in between, and these are its counts. null when no new stop shows.
   */
  lastStop: { up: number; down: number } | null;
  /**
   * When the trip these passengers rode began: between `after` (the report before the one that first showed the
   * trip counters reset) and `seen` (that report); null for the trip already under way at the first report.
   * Passengers of a trip that began after the vehicle's last arrival boarded at the new trip's stops.
   */
  trip: TripStart | null;
}

export interface TripStart {
  after: number;
  seen: number;
}

/** Counts between two consecutive reports: the old trip's (`tail`) and, after a trip reset, the new trip's. */
export interface Difference {
  tripReset: boolean;
  tail: { up: number; down: number };
  fresh: { up: number; down: number };
}

export function difference(prev: PassengerCounters, cur: PassengerCounters): Difference {
  // The trip counters reset together; either one falling back is the reset (the other may have grown past its
  // old value on a busy new trip).
  const tripReset = cur.onTrip < prev.onTrip || cur.offTrip < prev.offTrip;
  const dayReset = cur.onDay < prev.onDay;

  if (!tripReset) {
    // The day and trip counters count the same boardings; the larger difference survives a terminal whose day
    // counter is stuck at 0. At a day reset (the day turned within a trip) only the trip counter spans the gap.
    const tripUp = cur.onTrip - prev.onTrip;
    const up = dayReset ? tripUp : Math.max(tripUp, cur.onDay - prev.onDay);
    return { tripReset, tail: { up, down: cur.offTrip - prev.offTrip }, fresh: { up: 0, down: 0 } };
  }

  // Trip reset in between: the new trip's counts are the trip counters themselves. Boardings before the reset
  // (the old trip's last stops) are what the day counter grew by beyond them.
  const fresh = { up: cur.onTrip, down: cur.offTrip };
  const dayUp = dayReset ? cur.onDay : cur.onDay - prev.onDay;
  const tail = { up: Math.max(0, dayUp - fresh.up), down: 0 };
  // The stop that ended the old trip, when no report caught it: its alightings are lost with the trip counters,
  // but while the new trip has counted nobody, the "last stop" counters still show that stop. Their differing
  // from the previous report's is the sign it was missed (two stops alike in both numbers go unnoticed).
  const lastStopMissed =
    cur.onTrip === 0 && cur.offTrip === 0 && (cur.onReal !== prev.onReal || cur.offReal !== prev.offReal);
  if (lastStopMissed) {
    tail.down = cur.offReal;
    // After a day reset the day counter no longer holds the old trip's boardings; the last stop's do.
    if (dayReset) tail.up = Math.max(tail.up, cur.onReal);
  }
  return { tripReset, tail, fresh };
}

/**
 * The changes over a run of reports in time order (same-time duplicates included: they add nothing). `baseline`
 * is the last report before the range; without one the first report only sets the starting point (what it shows
 * may have been counted before the range).
 */
export function countChanges(samples: readonly CounterSample[], baseline?: CounterSample): CountChange[] {
  const out: CountChange[] = [];
  let prev = baseline;
  let trip: TripStart | null = null;
  for (const cur of samples) {
    if (prev) {
      const p = prev.counters;
      const c = cur.counters;
      const d = difference(p, c);
      const at = { time: cur.time, since: prev.time };
      const lastStop = c.onReal !== p.onReal || c.offReal !== p.offReal ? { up: c.onReal, down: c.offReal } : null;
      if (d.tail.up > 0 || d.tail.down > 0) out.push({ ...at, ...d.tail, lastStop, trip });
      if (d.tripReset) {
        trip = { after: prev.time, seen: cur.time };
        if (d.fresh.up > 0 || d.fresh.down > 0) out.push({ ...at, ...d.fresh, lastStop, trip });
      }
    }
    prev = cur;
  }
  return out;
}
