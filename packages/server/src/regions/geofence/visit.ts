// A vehicle's visit of one region, and its visits as the geofence keeps them: a small array scanned in place (a
// vehicle is in or entering a handful of regions at most; a Map per vehicle cost a hash table's cache misses on
// every report).

/** A vehicle's visit of one region. */
export interface Visit {
  readonly regionId: number;
  inside: boolean;
  /** Consecutive reports past the margin that would change `inside`. */
  streak: number;
  /** Event time of the first report of the streak. */
  since: number;
  enterTime: number;
  /** The `test` call that last saw this region among the candidates. */
  seen: number;
  /** The overstay alarm of this visit was raised. */
  overstayed: boolean;
}

/** The vehicle's visit of a region, if any. */
export function visitOf(visits: readonly Visit[], regionId: number): Visit | undefined {
  for (let i = 0; i < visits.length; i++) if ((visits[i] as Visit).regionId === regionId) return visits[i];
  return undefined;
}

/** Removes a visit, keeping the others in the order they began. */
export function drop(visits: Visit[], visit: Visit): void {
  const i = visits.indexOf(visit);
  if (i >= 0) visits.splice(i, 1);
}
