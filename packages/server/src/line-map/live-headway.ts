// Live headways between the buses of one direction (docs/line-map.md "Headways"), as pure functions of where
// the buses are and the station events they left behind.
//
// The live headway of a bus is the time between the bus ahead passing this bus's position and this bus being
// there (its last report): h(B) = t(B at x) − t(A at x), where x is B's distance along the direction and A the
// next bus ahead. t(A at x) is read off A's trajectory on its current trip: the (distance, time) points of its
// arrivals and departures, and its own last report, interpolated linearly between the two points around x. A
// bus standing at a stop is measured from the bus ahead leaving that stop (a departure is the later point at
// the stop's distance), so two buses at one stop have a headway of about 0. The headway grows while B is held
// back and shrinks while it catches up, without waiting for B's next station event.

/** One bus of the direction where route progress puts it. */
export interface PlacedVehicle {
  car_id: number;
  /** Serial of the last station reached. */
  serial: number;
  /** Metres along the direction from its origin. */
  distance: number;
  /** Epoch seconds of the report that placed it. */
  time: number;
}

/** A station event of the line (arrival or departure), any bus, any direction. */
export interface PassEvent {
  car_id: number;
  direction: number;
  serial: number;
  event_time: number;
}

export interface TrajectoryPoint {
  distance: number;
  time: number;
}

/**
 * A bus's trajectory on its current trip: its events (time order) walked back from the newest while they stay in
 * its direction at serials that do not rise going back; the first event that breaks this (the other direction,
 * or a serial past the bus's, i.e. the previous lap's end) closes the trip. Then its last report.
 */
export function currentTrip(
  vehicle: PlacedVehicle,
  direction: number,
  events: readonly PassEvent[],
  stationDistance: ReadonlyMap<number, number>,
): TrajectoryPoint[] {
  const points: TrajectoryPoint[] = [{ distance: vehicle.distance, time: vehicle.time }];
  let serial = vehicle.serial;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (!e || e.event_time > vehicle.time) continue;
    if (e.direction !== direction || e.serial > serial) break;
    serial = e.serial;
    const distance = stationDistance.get(e.serial);
    if (distance !== undefined) points.push({ distance, time: e.event_time });
  }
  return points.sort((a, b) => a.distance - b.distance || a.time - b.time);
}

/** When the trajectory passed `distance`; undefined when its known trip starts beyond it. */
export function passTime(points: readonly TrajectoryPoint[], distance: number): number | undefined {
  let before: TrajectoryPoint | undefined;
  let after: TrajectoryPoint | undefined;
  for (const p of points) {
    if (p.distance <= distance) before = p;
    else {
      after = p;
      break;
    }
  }
  if (!before) return undefined;
  if (before.distance === distance) return before.time;
  if (!after) return undefined;
  const share = (distance - before.distance) / (after.distance - before.distance);
  return before.time + (after.time - before.time) * share;
}

/**
 * The buses of one direction front first, each with its live headway in seconds behind the bus ahead (null for
 * the first bus and when the bus ahead's trajectory does not reach back to this bus's position).
 */
export function liveHeadways<V extends PlacedVehicle>(
  vehicles: readonly V[],
  direction: number,
  eventsByCar: ReadonlyMap<number, readonly PassEvent[]>,
  stationDistance: ReadonlyMap<number, number>,
): { vehicle: V; headway: number | null }[] {
  const ordered = [...vehicles].sort(
    (a, b) => b.distance - a.distance || b.serial - a.serial || a.time - b.time || a.car_id - b.car_id,
  );
  return ordered.map((vehicle, i) => {
    const ahead = ordered[i - 1];
    if (!ahead) return { vehicle, headway: null };
    const trip = currentTrip(ahead, direction, eventsByCar.get(ahead.car_id) ?? [], stationDistance);
    const passed = passTime(trip, vehicle.distance);
    return { vehicle, headway: passed === undefined ? null : Math.max(0, Math.round(vehicle.time - passed)) };
  });
}

/**
 * Metres along the direction from route progress: the next station's distance less the metres still to go,
 * kept between the last station reached and the next (GPS noise near a stop must not reorder two buses there).
 * `stations` in serial order.
 */
export function distanceAlong(
  serial: number,
  toNext: number | undefined,
  stations: readonly { serial: number; distance: number }[],
): number | undefined {
  const at = stations.findIndex((s) => s.serial === serial);
  const here = stations[at];
  if (!here) return undefined;
  const next = stations[at + 1];
  if (!next || toNext === undefined || !Number.isFinite(toNext)) return here.distance;
  return Math.min(next.distance, Math.max(here.distance, next.distance - toNext));
}
