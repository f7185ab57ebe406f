import { beforeAll, describe, expect, it } from 'vitest';
import { FEED } from '../../test/feed.ts';
import { dutiesAt, type FeedSchedule, loadFeedSchedule, simDuty } from '../plan/from-feed.ts';
import type { StationEvent } from './events.ts';
import { Rng } from './rng.ts';
import { VehicleMotion } from './vehicle.ts';

// Tuesday 2026-11-24 07:30 in New York (UTC−5): the morning peak of a weekday service.
const MORNING = Date.UTC(2026, 10, 24, 12, 30) / 1000;

let schedule: FeedSchedule;
beforeAll(async () => {
  schedule = await loadFeedSchedule(FEED);
}, 30_000);

function run(seed: number, vehicles: number, seconds: number) {
  const duties = dutiesAt(schedule, MORNING).slice(0, vehicles);
  const rng = new Rng(seed);
  const motions = duties.map(
    (d, i) => new VehicleMotion(simDuty(schedule, d), rng.fork(i), MORNING, { utcOffsetSeconds: -5 * 3600 }),
  );
  const events: StationEvent[] = [];
  const states = [];
  for (let t = MORNING + 10; t <= MORNING + seconds; t += 10) {
    for (const m of motions) {
      events.push(...m.advanceTo(t));
      states.push(m.state());
    }
  }
  return { duties, events, states, motions };
}

describe('vehicle motion along real shapes', () => {
  it('finds a morning-peak fleet on the weekday service', () => {
    expect(dutiesAt(schedule, MORNING).length).toBeGreaterThan(100);
  });

  it('drives the timetable loosely: arrives and departs every stop in order, dwells with doors open', () => {
    const { events, states } = run(7, 20, 2 * 3600);
    expect(events.length).toBeGreaterThan(500);
    // Per trip: stop sequences strictly in order, arrival before departure at each stop.
    const byTrip = new Map<string, StationEvent[]>();
    for (const e of events) byTrip.set(e.tripId, [...(byTrip.get(e.tripId) ?? []), e]);
    for (const list of byTrip.values()) {
      for (let i = 1; i < list.length; i++) {
        const [a, b] = [list[i - 1]!, list[i]!];
        expect(b.time).toBeGreaterThanOrEqual(a.time);
        if (a.flag === 1) expect([b.flag, b.stopSequence]).toEqual([2, a.stopSequence]);
        else expect([b.flag, b.stopSequence]).toEqual([1, a.stopSequence + 1]);
      }
    }
    // Loosely on time: most arrivals within ten minutes of schedule, some early, some late.
    const delays = events.filter((e) => e.flag === 1).map((e) => e.time - e.scheduled);
    const within = delays.filter((d) => Math.abs(d) < 600).length / delays.length;
    expect(within).toBeGreaterThan(0.8);
    expect(delays.some((d) => d < -30)).toBe(true);
    expect(delays.some((d) => d > 120)).toBe(true);
    // Doors open only while stationary; speeds plausible for a city bus.
    for (const s of states) {
      if (s.doors[0]) expect(s.speed).toBe(0);
      expect(s.speed).toBeLessThanOrEqual(75);
    }
    expect(states.some((s) => s.doors[0])).toBe(true);
    expect(states.some((s) => s.speed > 25)).toBe(true);
    // Serials: stops on the main pattern carry the line's station serial.
    expect(events.filter((e) => e.serial > 0).length / events.length).toBeGreaterThan(0.8);
  });

  it('is deterministic for a seed', () => {
    const a = run(42, 5, 1800);
    const b = run(42, 5, 1800);
    const c = run(43, 5, 1800);
    expect(b.events).toEqual(a.events);
    expect(b.states).toEqual(a.states);
    expect(c.states).not.toEqual(a.states);
  });
});
