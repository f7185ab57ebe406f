import { HEADWAY_REGULARITY_WINDOW_SECONDS, headwayState } from '@headway/spec';
import type { LineScope } from '../consoles/scope.ts';
import type { HeadwayDirection, HeadwayVehicle, LineHeadways } from '../contract/line-map.ts';
import { type MapLine, type MapStation, stationsOf } from './line-of.ts';
import { distanceAlong, liveHeadways, type PassEvent } from './live-headway.ts';
import { coefficientOfVariation, observedHeadways } from './regularity.ts';
import { type PositionFeed, type RunningVehicle, runningVehicles } from './running-vehicles.ts';
import { scheduledHeadwayAt } from './scheduled-headway.ts';
import type { LineMapDb } from './schema.ts';
import { localDate } from './service-day.ts';
import { departureEpochs, lineSchedule } from './timetable.ts';

// GET /dispatch/headways (beyond the spec, docs/line-map.md "Headways"): per direction, the running buses front
// first with their live headway against the scheduled one, and how regular the last hour was.

/** Station events read back this far: enough for the current trip of the bus ahead, whose headway it measures. */
export const TRIP_LOOKBACK_SECONDS = 2 * 3600;

/** A bus's own departure from the origin decides its scheduled headway when it is this recent. */
const DEPARTURE_RELEVANCE_SECONDS = 4 * 3600;

interface LineEvent extends PassEvent {
  flag: number;
}

function lineEvents(db: LineMapDb, companyId: number, routeCode: string, since: number): Promise<LineEvent[]> {
  return db
    .selectFrom('station_events')
    .select(['car_id', 'direction', 'serial', 'flag', 'event_time'])
    .where('company_id', '=', companyId)
    .where('route_code', '=', routeCode)
    .where('event_time', '>=', since)
    .orderBy('event_time')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, event_time: Number(r.event_time) })));
}

export interface HeadwayInputs {
  line: MapLine;
  scope: LineScope;
  now: number;
  timeZone: string;
}

export async function lineHeadways(
  db: LineMapDb,
  feed: PositionFeed | undefined,
  companyId: number,
  input: HeadwayInputs,
): Promise<LineHeadways> {
  const { line, scope, now, timeZone } = input;
  const [stations, schedule, events, vehicles] = await Promise.all([
    stationsOf(db, companyId, line.id),
    lineSchedule(db, companyId, line.id),
    lineEvents(db, companyId, line.route_code, now - TRIP_LOOKBACK_SECONDS),
    runningVehicles(db, feed, companyId, line.route_code, scope, now),
  ]);
  const departures = departureEpochs(schedule, localDate(now, timeZone), timeZone);
  const eventsByCar = new Map<number, LineEvent[]>();
  for (const e of events) {
    const list = eventsByCar.get(e.car_id);
    if (list) list.push(e);
    else eventsByCar.set(e.car_id, [e]);
  }
  const directionIds = [...new Set([...stations.map((s) => s.direction), ...schedule.directions])].sort(
    (a, b) => a - b,
  );
  const allObserved: number[] = [];
  const directions = directionIds.map((direction) => {
    const own = stations.filter((s) => s.direction === direction);
    const times = departures.get(direction) ?? [];
    const result = directionHeadways(direction, own, times, vehicles, eventsByCar, events, now);
    allObserved.push(...result.observed);
    return result.direction;
  });
  return {
    route_code: line.route_code,
    computed_at: now,
    directions,
    regularity: coefficientOfVariation(allObserved),
    samples: allObserved.length,
  };
}

function directionHeadways(
  direction: number,
  stations: readonly MapStation[],
  scheduleTimes: readonly number[],
  vehicles: readonly RunningVehicle[],
  eventsByCar: ReadonlyMap<number, readonly LineEvent[]>,
  events: readonly LineEvent[],
  now: number,
): { direction: HeadwayDirection; observed: number[] } {
  const distanceOf = new Map(stations.map((s) => [s.serial, s.distance]));
  const terminal = stations[stations.length - 1]?.serial ?? 0;
  // A bus that reached the terminal has ended its trip: it no longer serves the direction.
  const placed = vehicles.flatMap((v) => {
    if (v.direction !== direction || v.serial >= terminal) return [];
    const distance = distanceAlong(v.serial, v.toNext, stations);
    return distance === undefined ? [] : [{ ...v, distance }];
  });
  const scheduledNow = scheduledHeadwayAt(scheduleTimes, now);
  const rows: HeadwayVehicle[] = liveHeadways(placed, direction, eventsByCar, distanceOf).map(
    ({ vehicle, headway }) => {
      const departed = vehicle.departedAt;
      const scheduled =
        departed > 0 && departed <= now && now - departed <= DEPARTURE_RELEVANCE_SECONDS
          ? scheduledHeadwayAt(scheduleTimes, departed)
          : scheduledNow;
      return {
        car_id: vehicle.car_id,
        car_name: vehicle.car_name,
        imei: vehicle.imei,
        serial: vehicle.serial,
        distance: Math.round(vehicle.distance),
        headway,
        scheduled,
        state: headwayState(headway, scheduled),
      };
    },
  );
  const since = now - HEADWAY_REGULARITY_WINDOW_SECONDS;
  const observed = observedHeadways(
    events.filter((e) => e.direction === direction && e.flag === 2 && e.event_time >= since && e.serial < terminal),
  );
  return {
    direction: {
      direction,
      vehicles: rows,
      scheduled: scheduledNow,
      regularity: coefficientOfVariation(observed),
      samples: observed.length,
    },
    observed,
  };
}
