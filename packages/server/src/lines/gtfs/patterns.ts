import { cumulativeDistances } from './geometry.ts';
import type { GtfsFeed, GtfsShape, GtfsTrip } from './types.ts';

export interface StopPattern {
  stopIds: string[];
  trips: GtfsTrip[];
  /** The shape most of the pattern's trips use. */
  shape: GtfsShape;
}

/**
 * The most common stop sequence among trips: short turns and deadhead variants are rarer than the full run,
 * so the most frequent pattern is the line as passengers know it. Ties go to the longer pattern.
 */
export function mostCommonPattern(feed: GtfsFeed, trips: GtfsTrip[]): StopPattern {
  const byKey = new Map<string, GtfsTrip[]>();
  for (const trip of trips) {
    const key = trip.stopIds.join('>');
    const list = byKey.get(key);
    if (list) list.push(trip);
    else byKey.set(key, [trip]);
  }
  let best: GtfsTrip[] = [];
  for (const list of byKey.values()) {
    const better =
      list.length > best.length ||
      (list.length === best.length && list[0]!.stopIds.length > (best[0]?.stopIds.length ?? 0));
    if (better) best = list;
  }
  const first = best[0]!;
  return { stopIds: first.stopIds, trips: best, shape: shapeForTrips(feed, best) };
}

function shapeForTrips(feed: GtfsFeed, trips: GtfsTrip[]): GtfsShape {
  const counts = new Map<string, number>();
  for (const t of trips) if (t.shapeId) counts.set(t.shapeId, (counts.get(t.shapeId) ?? 0) + 1);
  let bestId = '';
  let bestCount = 0;
  for (const [id, c] of counts) if (c > bestCount) [bestId, bestCount] = [id, c];
  return feed.shapes.get(bestId) ?? shapeFromStops(feed, trips[0]!);
}

/** Feeds without shapes.txt still get a path: straight lines between the trip's stops. */
export function shapeFromStops(feed: GtfsFeed, trip: GtfsTrip): GtfsShape {
  const lats = trip.stopIds.map((id) => feed.stops.get(id)!.lat);
  const lngs = trip.stopIds.map((id) => feed.stops.get(id)!.lng);
  return { shapeId: `stops:${trip.tripId}`, lats, lngs, cum: cumulativeDistances(lats, lngs) };
}

/** The shape of one trip (its own, or drawn through its stops). */
export function tripShape(feed: GtfsFeed, trip: GtfsTrip): GtfsShape {
  return feed.shapes.get(trip.shapeId) ?? shapeFromStops(feed, trip);
}
