import { EMULATED_STEP_MS, EMULATED_VANISH_SECONDS } from '@headway/spec';
import { describe, expect, it } from 'vitest';
import {
  EmulatedReplay,
  type ReplayEvent,
  replayOrder,
  type Schedule,
  stepMs,
  tripStartPositions,
} from './replay-machine';

/** A clock the test advances: pending steps run when their time comes. */
function fakeClock() {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; run: () => void }>();
  const schedule: Schedule = (run, ms) => {
    const id = ++seq;
    pending.set(id, { at: now + ms, run });
    return () => pending.delete(id);
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, p]) => p.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      pending.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = until;
  };
  return { schedule, advance, pending: () => pending.size };
}

let nextId = 1;
function event(car: number, time: number, serial: number, flag: 1 | 2, direction = 1): ReplayEvent {
  return {
    id: nextId++,
    car_id: car,
    car_name: `B${car}`,
    imei: `86${car}`,
    direction,
    serial,
    station_name: `S${serial}`,
    flag,
    event_time: time,
  };
}

const T = 1_763_700_000;

function shownCars(replay: EmulatedReplay): number[] {
  return [...replay.snapshot().vehicles.keys()].sort((a, b) => a - b);
}

describe('emulated replay', () => {
  it('plays after a load with events, one event per step at the speed’s pace, and pauses at the last', () => {
    const clock = fakeClock();
    const replay = new EmulatedReplay(clock.schedule);
    const events = [event(1, T, 1, 2), event(2, T + 30, 1, 2), event(1, T + 60, 2, 1)];
    replay.load(events);
    expect(replay.snapshot()).toMatchObject({ position: 0, total: 3, playing: true, speed: 1, time: null });
    clock.advance(EMULATED_STEP_MS[0] - 1);
    expect(replay.snapshot().position).toBe(0);
    clock.advance(1);
    expect(replay.snapshot()).toMatchObject({ position: 1, time: T });
    expect(shownCars(replay)).toEqual([1]);
    clock.advance(2 * EMULATED_STEP_MS[0]);
    expect(replay.snapshot()).toMatchObject({ position: 3, playing: false, time: T + 60 });
    expect(replay.snapshot().vehicles.get(1)?.serial).toBe(2);
    expect(clock.pending()).toBe(0);
  });

  it('does not play an empty result', () => {
    const clock = fakeClock();
    const replay = new EmulatedReplay(clock.schedule);
    replay.load([]);
    expect(replay.snapshot()).toMatchObject({ playing: false, total: 0 });
    replay.play();
    expect(replay.snapshot().playing).toBe(false);
    expect(clock.pending()).toBe(0);
  });

  it('maps speed 1–5 to the spec’s steps and keeps playing at the new pace', () => {
    expect([1, 2, 3, 4, 5].map((s) => stepMs(s as 1 | 2 | 3 | 4 | 5))).toEqual([1000, 800, 400, 200, 100]);
    const clock = fakeClock();
    const replay = new EmulatedReplay(clock.schedule);
    replay.load(Array.from({ length: 20 }, (_, i) => event(1, T + i * 10, (i % 5) + 1, 1)));
    replay.setSpeed(5);
    clock.advance(1000);
    expect(replay.snapshot()).toMatchObject({ position: 10, speed: 5, playing: true });
    replay.setSpeed(1);
    clock.advance(999);
    expect(replay.snapshot().position).toBe(10);
    clock.advance(1);
    expect(replay.snapshot().position).toBe(11);
  });

  it('pause toggles; playing from the end starts over', () => {
    const clock = fakeClock();
    const replay = new EmulatedReplay(clock.schedule);
    replay.load([event(1, T, 1, 2), event(1, T + 60, 2, 1)]);
    replay.toggle();
    expect(replay.snapshot().playing).toBe(false);
    clock.advance(5000);
    expect(replay.snapshot().position).toBe(0);
    replay.toggle();
    clock.advance(2000);
    expect(replay.snapshot()).toMatchObject({ position: 2, playing: false });
    replay.play();
    expect(replay.snapshot()).toMatchObject({ position: 0, playing: true });
    expect(replay.snapshot().vehicles.size).toBe(0);
  });

  it('hides a vehicle once an event more than the vanish time newer than its last is applied', () => {
    const replay = new EmulatedReplay(fakeClock().schedule);
    replay.load([
      event(1, T, 1, 2),
      event(2, T + EMULATED_VANISH_SECONDS, 1, 2),
      // Exactly the vanish time newer than car 1's last: still shown.
      event(3, T + EMULATED_VANISH_SECONDS, 2, 1),
      // Over it: car 1 goes.
      event(2, T + EMULATED_VANISH_SECONDS + 1, 2, 1),
      // Car 1 comes back with an event of its own.
      event(1, T + EMULATED_VANISH_SECONDS + 2, 3, 1),
    ]);
    replay.pause();
    replay.step();
    replay.step();
    replay.step();
    expect(shownCars(replay)).toEqual([1, 2, 3]);
    replay.step();
    expect(shownCars(replay)).toEqual([2, 3]);
    replay.step();
    expect(shownCars(replay)).toEqual([1, 2, 3]);
    expect(replay.snapshot().vehicles.get(1)?.serial).toBe(3);
  });

  it('seeking clears and redraws exactly what stepping there would show', () => {
    // A long random-ish history of 6 cars with gaps over the vanish time.
    const events: ReplayEvent[] = [];
    let t = T;
    for (let i = 0; i < 400; i++) {
      t += (i * 7919) % 97 === 0 ? EMULATED_VANISH_SECONDS + 5 : (i * 31) % 50;
      events.push(event((i * 13) % 6, t, (i % 9) + 1, ((i % 2) + 1) as 1 | 2));
    }
    const stepped = new EmulatedReplay(fakeClock().schedule);
    stepped.load(events);
    stepped.pause();
    const sought = new EmulatedReplay(fakeClock().schedule);
    sought.load(events);
    sought.pause();
    for (let p = 1; p <= events.length; p++) {
      stepped.step();
      // Back and forth: every seek starts from a clean drawing.
      sought.seek(events.length - p);
      sought.seek(p);
      expect(sought.snapshot().position).toBe(p);
      expect([...sought.snapshot().vehicles.entries()]).toEqual([...stepped.snapshot().vehicles.entries()]);
      expect(sought.snapshot().time).toBe(stepped.snapshot().time);
    }
    sought.seek(0);
    expect(sought.snapshot()).toMatchObject({ position: 0, time: null });
    expect(sought.snapshot().vehicles.size).toBe(0);
    sought.seek(10_000);
    expect(sought.snapshot().position).toBe(events.length);
  });

  it('a seek while playing plays on from the new position', () => {
    const clock = fakeClock();
    const replay = new EmulatedReplay(clock.schedule);
    replay.load(Array.from({ length: 10 }, (_, i) => event(1, T + i, 1, 1)));
    replay.seek(7);
    expect(replay.snapshot()).toMatchObject({ position: 7, playing: true });
    clock.advance(1000);
    expect(replay.snapshot().position).toBe(8);
    replay.seek(10);
    expect(replay.snapshot()).toMatchObject({ position: 10, playing: false });
    expect(clock.pending()).toBe(0);
  });

  it('marks the trip starts (serial 1, departure) and orders events by time then id', () => {
    const a = event(1, T + 10, 1, 2);
    const b = event(1, T, 1, 1);
    const c = event(2, T + 10, 1, 2);
    const d = event(2, T + 20, 2, 1);
    const ordered = replayOrder([d, c, a, b]);
    expect(ordered.map((e) => e.id)).toEqual([b.id, a.id, c.id, d.id]);
    expect(tripStartPositions(ordered)).toEqual([2, 3]);
  });

  it('notifies subscribers with a new snapshot and stops for good on dispose', () => {
    const clock = fakeClock();
    const replay = new EmulatedReplay(clock.schedule);
    let calls = 0;
    replay.subscribe(() => calls++);
    const before = replay.snapshot();
    replay.load([event(1, T, 1, 2), event(1, T + 1, 2, 1)]);
    expect(calls).toBe(1);
    expect(replay.snapshot()).not.toBe(before);
    replay.dispose();
    clock.advance(10_000);
    expect(replay.snapshot().position).toBe(0);
    expect(clock.pending()).toBe(0);
  });
});
