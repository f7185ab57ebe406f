import { formatGtfsTime } from './fields.ts';
import { azimuth, projectOntoPolyline } from './geometry.ts';
import { mostCommonPattern, shapeVariants } from './patterns.ts';
import type {
  BusStopPlan,
  DeparturePlan,
  Direction,
  DirectionPlan,
  DutyPlan,
  LineCategory,
  LinePlan,
  ServicePlan,
  StationPlan,
  TransitPlan,
} from './plan.ts';
import type { GtfsFeed, GtfsShape, GtfsTrip } from './types.ts';

/** A direction whose ends lie this close together is a loop. */
const LOOP_METRES = 150;

/** Turns a validated feed into Headway's transit model. Pure: no I/O, same feed gives the same plan. */
export function transformFeed(feed: GtfsFeed): TransitPlan {
  const agency = feed.agencies[0]!;
  const tripsByRoute = groupBy([...feed.trips.values()], (t) => t.routeId);
  const lines: LinePlan[] = [];
  const routeCodeOf = new Map<string, string>();
  let sortId = 0;
  for (const route of feed.routes.values()) {
    const routeCode = route.shortName || route.routeId;
    routeCodeOf.set(route.routeId, routeCode);
    const trips = tripsByRoute.get(route.routeId) ?? [];
    if (trips.length === 0) continue;
    const byDirection = groupBy(trips, (t) => toDirection(t.directionId));
    const directions = [...byDirection.entries()]
      .sort(([a], [b]) => a - b)
      .map(([direction, list]) => directionPlan(feed, direction, list));
    lines.push({
      gtfsRouteId: route.routeId,
      routeCode,
      routeName: route.longName || route.shortName,
      sortId: ++sortId,
      category: category(directions),
      color: `#${(route.color || 'FF0000').toUpperCase()}`,
      directions,
    });
  }

  const servingRoutes = new Map<string, Set<string>>();
  for (const trip of feed.trips.values()) {
    const code = routeCodeOf.get(trip.routeId)!;
    for (const stopId of trip.stopIds) {
      const set = servingRoutes.get(stopId);
      if (set) set.add(code);
      else servingRoutes.set(stopId, new Set([code]));
    }
  }
  const busStops: BusStopPlan[] = [...feed.stops.values()].map((s) => ({
    stopId: s.stopId,
    stopName: s.name,
    stopCode: s.code,
    lng: s.lng,
    lat: s.lat,
    routes: [...(servingRoutes.get(s.stopId) ?? [])].sort(),
  }));

  const services: ServicePlan[] = [...feed.services.values()].map((s) => ({
    serviceId: s.serviceId,
    weekdays: s.days.map((d) => (d ? '1' : '0')).join(''),
    startDate: s.startDate,
    endDate: s.endDate,
    added: s.added,
    removed: s.removed,
  }));

  const departures: DeparturePlan[] = [...feed.trips.values()]
    .map((t) => ({
      tripId: t.tripId,
      routeCode: routeCodeOf.get(t.routeId)!,
      direction: toDirection(t.directionId),
      serviceId: t.serviceId,
      blockId: t.blockId,
      shapeId: t.shapeId,
      headsign: t.headsign,
      departureTime: t.departures[0]!,
      arrivalTime: t.arrivals[t.arrivals.length - 1]!,
      stopCount: t.stopIds.length,
    }))
    .sort((a, b) => a.departureTime - b.departureTime || a.tripId.localeCompare(b.tripId));

  const duties = dutyPlans(feed, routeCodeOf);
  return {
    company: { name: agency.name, timezone: agency.timezone, url: agency.url },
    lines,
    busStops,
    services,
    departures,
    duties,
    counts: {
      routes: feed.routes.size,
      stops: feed.stops.size,
      trips: feed.trips.size,
      stopTimes: feed.stopTimeCount,
      shapes: feed.shapes.size,
      blocks: new Set(duties.map((d) => d.blockId)).size,
    },
  };
}

export function toDirection(directionId: 0 | 1 | null): Direction {
  return directionId === 1 ? 2 : 1;
}

function directionPlan(feed: GtfsFeed, direction: Direction, trips: GtfsTrip[]): DirectionPlan {
  const pattern = mostCommonPattern(feed, trips);
  const median = medianTrip(pattern.trips);
  const stations = stationsAlong(feed, pattern.shape, pattern.stopIds, median);
  const busiest = busiestService(trips);
  const starts = trips
    .filter((t) => t.serviceId === busiest)
    .map((t) => t.departures[0]!)
    .sort((a, b) => a - b);
  const gaps = starts.slice(1).map((s, i) => s - starts[i]!);
  const shapeLength = pattern.shape.cum[pattern.shape.cum.length - 1] ?? 0;
  const lastDistance = stations[stations.length - 1]?.distance ?? 0;
  const { mainTrips, variants } = shapeVariants(feed, trips, pattern.shape);
  return {
    direction,
    origin: stations[0]!.stationName,
    terminal: stations[stations.length - 1]!.stationName,
    firstTime: formatGtfsTime(starts[0] ?? 0).slice(0, 5),
    lastTime: formatGtfsTime(starts[starts.length - 1] ?? 0).slice(0, 5),
    distance: Math.round(shapeLength),
    intervals: gaps.length ? Math.round(medianOf(gaps) / 60) : 0,
    stationCount: stations.length,
    avgStationKm: stations.length > 1 ? Math.round(lastDistance / (stations.length - 1)) / 1000 : 0,
    shapeId: pattern.shape.shapeId,
    path: pathString(pattern.shape),
    trips: mainTrips,
    variants: variants.map((v) => ({
      shapeId: v.shape.shapeId,
      path: pathString(v.shape),
      trips: v.trips,
      distance: Math.round(v.shape.cum[v.shape.cum.length - 1] ?? 0),
      maxOffset: v.maxOffset,
    })),
    stations,
  };
}

/**
 * Stations of a pattern: each stop projected onto the shape in order, so the distance is what a vehicle covers
 * from the origin and never goes backwards (the spec's route check demands accumulating station mileage).
 */
export function stationsAlong(feed: GtfsFeed, shape: GtfsShape, stopIds: string[], timing: GtfsTrip): StationPlan[] {
  let lastAlong = 0;
  return stopIds.map((stopId, i) => {
    const stop = feed.stops.get(stopId)!;
    const p = projectOntoPolyline(shape, stop.lat, stop.lng, lastAlong);
    const along = Math.max(lastAlong, p.along);
    lastAlong = along;
    const a = Math.min(p.segment, shape.lats.length - 2);
    const heading = a >= 0 ? azimuth(shape.lats[a]!, shape.lngs[a]!, shape.lats[a + 1]!, shape.lngs[a + 1]!) : 0;
    return {
      serial: i + 1,
      stationName: stop.name,
      stopId,
      distance: Math.round(along),
      duration: timing.arrivals[i]! - timing.departures[0]!,
      azimuth: heading,
      lng: stop.lng,
      lat: stop.lat,
    };
  });
}

function category(directions: DirectionPlan[]): LineCategory {
  const isLoop = (d: DirectionPlan) => {
    const a = d.stations[0]!;
    const b = d.stations[d.stations.length - 1]!;
    return a.stopId === b.stopId || distanceApprox(a.lat, a.lng, b.lat, b.lng) < LOOP_METRES;
  };
  if (directions.length === 1) return isLoop(directions[0]!) ? 1 : 0;
  return directions.every(isLoop) ? 2 : 0;
}

function distanceApprox(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const k = 111_320;
  return Math.hypot((lat2 - lat1) * k, (lng2 - lng1) * k * Math.cos((lat1 * Math.PI) / 180));
}

/** Spec path: "lat,lng|lat,lng", 6 decimals (the console's coordinate precision). */
export function pathString(shape: GtfsShape): string {
  return shape.lats.map((lat, i) => `${lat.toFixed(6)},${shape.lngs[i]!.toFixed(6)}`).join('|');
}

function dutyPlans(feed: GtfsFeed, routeCodeOf: Map<string, string>): DutyPlan[] {
  const withBlock = [...feed.trips.values()].filter((t) => t.blockId !== '');
  const groups = groupBy(withBlock, (t) => `${t.serviceId}\u0000${t.blockId}`);
  const duties: DutyPlan[] = [];
  for (const trips of groups.values()) {
    trips.sort((a, b) => a.departures[0]! - b.departures[0]!);
    const perRoute = new Map<string, number>();
    for (const t of trips) perRoute.set(t.routeId, (perRoute.get(t.routeId) ?? 0) + 1);
    const mainRoute = [...perRoute.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const last = trips[trips.length - 1]!;
    duties.push({
      serviceId: trips[0]!.serviceId,
      blockId: trips[0]!.blockId,
      routeCode: routeCodeOf.get(mainRoute)!,
      startTime: trips[0]!.departures[0]!,
      endTime: last.arrivals[last.arrivals.length - 1]!,
      tripIds: trips.map((t) => t.tripId),
    });
  }
  return duties.sort((a, b) => a.startTime - b.startTime || a.blockId.localeCompare(b.blockId));
}

function busiestService(trips: GtfsTrip[]): string {
  const counts = new Map<string, number>();
  for (const t of trips) counts.set(t.serviceId, (counts.get(t.serviceId) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}

function medianTrip(trips: GtfsTrip[]): GtfsTrip {
  const sorted = [...trips].sort((a, b) => runTime(a) - runTime(b));
  return sorted[Math.floor(sorted.length / 2)]!;
}

function runTime(t: GtfsTrip): number {
  return t.arrivals[t.arrivals.length - 1]! - t.departures[0]!;
}

function medianOf(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
