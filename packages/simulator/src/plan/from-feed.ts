import {
  type DutyPlan,
  type GtfsFeed,
  type GtfsService,
  projectOntoPolyline,
  readGtfsFeed,
  type TransitPlan,
  transformFeed,
  tripShape,
} from '@headway/server/lines';
import type { SimDuty, SimStop, SimTrip } from './types.ts';
import { localDate, serviceDayStart, shiftDate } from './zone.ts';

/** A feed read once and kept for building duties on any day. */
export interface FeedSchedule {
  feed: GtfsFeed;
  transit: TransitPlan;
  timeZone: string;
  /** stop id → serial, per "routeCode/direction". */
  serials: Map<string, Map<string, number>>;
  projections: Map<string, number[]>;
}

export async function loadFeedSchedule(file: string): Promise<FeedSchedule> {
  const feed = await readGtfsFeed(file);
  const transit = transformFeed(feed);
  const serials = new Map<string, Map<string, number>>();
  for (const line of transit.lines) {
    for (const d of line.directions) {
      serials.set(`${line.routeCode}/${d.direction}`, new Map(d.stations.map((s) => [s.stopId, s.serial])));
    }
  }
  return { feed, transit, timeZone: transit.company.timezone || 'UTC', serials, projections: new Map() };
}

/**
 * Service ids running on a local date: calendar weekdays within the date range, plus calendar_dates additions,
 * minus removals. Outside the feed's dates (an old feed in a long-running demo) the weekday alone decides.
 */
export function servicesOn(schedule: FeedSchedule, date: string, weekday: number): Set<string> {
  const running = (s: GtfsService, strictDates: boolean) => {
    if (s.removed.includes(date)) return false;
    if (s.added.includes(date)) return true;
    const inRange = !strictDates || (s.startDate !== '' && s.startDate <= date && date <= s.endDate);
    return s.days[weekday] === true && inRange;
  };
  const services = [...schedule.feed.services.values()];
  const strict = new Set(services.filter((s) => running(s, true)).map((s) => s.serviceId));
  if (strict.size > 0) return strict;
  return new Set(services.filter((s) => s.days[weekday] === true).map((s) => s.serviceId));
}

/** A duty of a service day, with the day's start (epoch of local service-day midnight). */
export interface DatedDuty {
  duty: DutyPlan;
  dayStart: number;
}

/**
 * Duties running at the instant: today's service plus yesterday's (GTFS trips after midnight belong to the
 * previous service day). A duty counts from `leadSeconds` before its first departure to its last arrival.
 */
export function dutiesAt(schedule: FeedSchedule, epochSeconds: number, leadSeconds = 900): DatedDuty[] {
  const today = localDate(schedule.timeZone, epochSeconds);
  const result: DatedDuty[] = [];
  for (const back of [1, 0]) {
    const date = shiftDate(today.date, -back);
    const weekday = (today.weekday + 7 - back) % 7;
    const services = servicesOn(schedule, date, weekday);
    const dayStart = serviceDayStart(schedule.timeZone, date);
    for (const duty of schedule.transit.duties) {
      if (!services.has(duty.serviceId)) continue;
      if (dayStart + duty.startTime - leadSeconds <= epochSeconds && epochSeconds < dayStart + duty.endTime) {
        result.push({ duty, dayStart });
      }
    }
  }
  return result;
}

/** Every duty of the service day containing the instant (for load runs that need more vehicles than are out now). */
export function dutiesOfDay(schedule: FeedSchedule, epochSeconds: number): DatedDuty[] {
  const today = localDate(schedule.timeZone, epochSeconds);
  const services = servicesOn(schedule, today.date, today.weekday);
  const dayStart = serviceDayStart(schedule.timeZone, today.date);
  return schedule.transit.duties.filter((d) => services.has(d.serviceId)).map((duty) => ({ duty, dayStart }));
}

/** Builds what a vehicle drives: the duty's trips with stops projected on their shapes and absolute times. */
export function simDuty(schedule: FeedSchedule, dated: DatedDuty, timeShift = 0): SimDuty {
  const { duty, dayStart } = dated;
  const base = dayStart + timeShift;
  const trips: SimTrip[] = duty.tripIds.map((tripId) => {
    const trip = schedule.feed.trips.get(tripId)!;
    const shape = tripShape(schedule.feed, trip);
    const direction = trip.directionId === 1 ? 2 : 1;
    const route = schedule.feed.routes.get(trip.routeId)!;
    const routeCode = route.shortName || route.routeId;
    const key = `${shape.shapeId}|${trip.stopIds.join('>')}`;
    let alongs = schedule.projections.get(key);
    if (!alongs) {
      let last = 0;
      alongs = trip.stopIds.map((id) => {
        const stop = schedule.feed.stops.get(id)!;
        last = Math.max(last, projectOntoPolyline(shape, stop.lat, stop.lng, last).along);
        return last;
      });
      schedule.projections.set(key, alongs);
    }
    const serials = schedule.serials.get(`${routeCode}/${direction}`);
    const stops: SimStop[] = trip.stopIds.map((stopId, i) => ({
      stopId,
      serial: serials?.get(stopId) ?? 0,
      stationName: schedule.feed.stops.get(stopId)!.name,
      along: alongs[i]!,
      arrival: base + trip.arrivals[i]!,
      departure: base + trip.departures[i]!,
    }));
    return { tripId, routeCode, direction, shape, stops };
  });
  return { blockId: duty.blockId, serviceId: duty.serviceId, routeCode: duty.routeCode, trips };
}
