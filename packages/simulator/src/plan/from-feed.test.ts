import { distanceMetres, projectOntoPolyline } from '@headway/server/lines';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEED } from '../../test/feed.ts';
import type { MotionState, StationEvent } from '../motion/events.ts';
import { Rng } from '../motion/rng.ts';
import { VehicleMotion } from '../motion/vehicle.ts';
import { type FeedSchedule, loadFeedSchedule, simDuty } from './from-feed.ts';

let schedule: FeedSchedule;
beforeAll(async () => {
  schedule = await loadFeedSchedule(FEED);
}, 30_000);

/** Runs the duty holding `tripId` with no random detours and returns that trip's states and truth events. */
function driveTripOf(tripId: string): { states: MotionState[]; events: StationEvent[] } {
  const duty = schedule.transit.duties.find((d) => d.tripIds.includes(tripId))!;
  const sim = simDuty(schedule, { duty, dayStart: 1_800_000_000 });
  const trip = sim.trips.find((t) => t.tripId === tripId)!;
  const start = trip.stops[0]!.departure - 600;
  const motion = new VehicleMotion(sim, new Rng(5), start, { detourChance: 0 });
  const states: MotionState[] = [];
  const events: StationEvent[] = [];
  const end = trip.stops.at(-1)!.arrival + 1800;
  for (let t = start + 5; t <= end; t += 5) {
    events.push(...motion.advanceTo(t).filter((e) => e.tripId === tripId));
    const s = motion.state();
    if (s.tripId === tripId && (s.phase === 'driving' || s.phase === 'dwell')) states.push(s);
  }
  return { states, events };
}

describe('a simulated trip on a variant shape', () => {
  for (const [route, shapeId, main, farthest] of [
    ['S51', 'S510120', 'S510119', 600],
    ['S46', 'S460363', 'S460357', 200],
  ] as const) {
    it(`${route}: follows its own shape ${shapeId}, not the main pattern's, and records the stops it serves`, () => {
      const gtfsTrip = [...schedule.feed.trips.values()].find((t) => t.shapeId === shapeId)!;
      const { states, events } = driveTripOf(gtfsTrip.tripId);
      const own = schedule.feed.shapes.get(shapeId)!;
      const mainShape = schedule.feed.shapes.get(main)!;
      expect(states.length).toBeGreaterThan(100);
      // Every position lies on the trip's own shape…
      for (const s of states) expect(projectOntoPolyline(own, s.lat, s.lng).offset).toBeLessThan(2);
      // …which runs where the main pattern's shape does not.
      const offMain = Math.max(...states.map((s) => projectOntoPolyline(mainShape, s.lat, s.lng).offset));
      expect(offMain).toBeGreaterThan(farthest);
      // Truth: every stop of the trip in order, at the stop; serial 0 for stops the main pattern does not have.
      const arrivals = events.filter((e) => e.flag === 1);
      expect(arrivals.map((e) => e.stopId)).toEqual(gtfsTrip.stopIds);
      expect(arrivals.map((e) => e.stopSequence)).toEqual(gtfsTrip.stopIds.map((_, i) => i + 1));
      for (const e of arrivals) {
        const stop = schedule.feed.stops.get(e.stopId)!;
        expect(distanceMetres(e.lat, e.lng, stop.lat, stop.lng)).toBeLessThan(60);
      }
      const serials = schedule.serials.get(`${route}/${gtfsTrip.directionId === 1 ? 2 : 1}`)!;
      for (const e of arrivals) expect(e.serial).toBe(serials.get(e.stopId) ?? 0);
      expect(arrivals.some((e) => e.serial === 0)).toBe(true);
    });
  }
});
