import { cumulativeDistances, maxOffsetFrom } from './geometry.ts';
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

/** A path trips of a direction take other than the main pattern's shape: a branch or a short turn. */
export interface ShapeVariant {
  shape: GtfsShape;
  /** Trips of the direction on this path. */
  trips: number;
  /** Metres the path strays furthest from the main shape (a few metres for a short turn on the main path). */
  maxOffset: number;
}

/** A trip's path identity: its shape, or for a feed without shapes its stop sequence. */
function pathKey(feed: GtfsFeed, trip: GtfsTrip): string {
  return feed.shapes.has(trip.shapeId) ? trip.shapeId : `stops:${trip.stopIds.join('>')}`;
}

/**
 * Every distinct path the direction's trips take besides `main`, busiest first, and how many trips take `main`.
 * Real feeds run several shapes per direction (MTA S51: a third of the trips on a branch 640 m off the main path),
 * and the progress engine needs all of them to tell a bus on its branch from one off its route.
 */
export function shapeVariants(
  feed: GtfsFeed,
  trips: GtfsTrip[],
  main: GtfsShape,
): { mainTrips: number; variants: ShapeVariant[] } {
  const mainKey = feed.shapes.has(main.shapeId) ? main.shapeId : null;
  const byKey = new Map<string, GtfsTrip[]>();
  let mainTrips = 0;
  for (const trip of trips) {
    const key = pathKey(feed, trip);
    if (key === mainKey) {
      mainTrips++;
      continue;
    }
    const list = byKey.get(key);
    if (list) list.push(trip);
    else byKey.set(key, [trip]);
  }
  // Feeds repeat one geometry under several shape ids (MTA S53: three ids, one path): merge by the points.
  const mainPoints = pointsKey(main);
  const byPoints = new Map<string, ShapeVariant>();
  for (const list of byKey.values()) {
    const shape = tripShape(feed, list[0]!);
    const points = pointsKey(shape);
    if (points === mainPoints) {
      mainTrips += list.length;
      continue;
    }
    const same = byPoints.get(points);
    if (same) same.trips += list.length;
    else byPoints.set(points, { shape, trips: list.length, maxOffset: Math.round(maxOffsetFrom(main, shape)) });
  }
  const variants = [...byPoints.values()];
  variants.sort((a, b) => b.trips - a.trips || a.shape.shapeId.localeCompare(b.shape.shapeId));
  return { mainTrips, variants };
}

function pointsKey(shape: GtfsShape): string {
  return `${shape.lats.join(',')}|${shape.lngs.join(',')}`;
}
