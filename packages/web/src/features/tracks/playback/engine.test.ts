import { PLAYBACK_INTERVALS_MS } from '@headway/spec';
import { describe, expect, it } from 'vitest';
import { lastAtOrBelow, type PlaybackChange, type PlaybackClock, PlaybackEngine, type Timeline } from './engine';

/** A clock the test advances by hand: the pending timer and its delay. */
function manualClock() {
  let pending: { run: () => void; ms: number } | null = null;
  const clock: PlaybackClock = {
    setTimeout: (run, ms) => {
      pending = { run, ms };
      return pending;
    },
    clearTimeout: (handle) => {
      if (handle === pending) pending = null;
    },
  };
  return {
    clock,
    get delay() {
      return pending?.ms ?? null;
    },
    fire() {
      const p = pending;
      pending = null;
      if (!p) throw new Error('no timer pending');
      p.run();
    },
  };
}

/** One vehicle of n points. */
function single(n: number): Timeline {
  const positions = Int32Array.from({ length: n }, (_, i) => i);
  return { length: n, vehicleAt: new Uint16Array(n), pointAt: positions, vehicles: [{ positions }] };
}

/** Two vehicles interleaved: A at positions 0, 2, 3; B at 1, 4. */
function pair(): Timeline {
  return {
    length: 5,
    vehicleAt: [0, 1, 0, 0, 1],
    pointAt: [0, 0, 1, 2, 1],
    vehicles: [{ positions: [0, 2, 3] }, { positions: [1, 4] }],
  };
}

describe('playback engine', () => {
  it('loads at position 0, 1×, paused, and steps at the 1× interval', () => {
    const t = manualClock();
    const engine = new PlaybackEngine(t.clock);
    const changes: PlaybackChange[] = [];
    engine.subscribe((c) => changes.push(c));
    engine.load(single(4));
    expect(engine.snapshot).toEqual({ position: 0, total: 4, playing: false, speed: 0 });
    expect(changes).toEqual([{ kind: 'seek' }]);
    engine.play();
    expect(t.delay).toBe(PLAYBACK_INTERVALS_MS[0]);
    t.fire();
    expect(engine.snapshot.position).toBe(1);
    expect(engine.cursor(0)).toBe(1);
    expect(changes.at(-1)).toEqual({ kind: 'step', vehicle: 0 });
  });

  it('pauses at the last point and plays again from the start', () => {
    const t = manualClock();
    const engine = new PlaybackEngine(t.clock);
    engine.load(single(3));
    engine.play();
    t.fire();
    t.fire();
    expect(engine.snapshot).toMatchObject({ position: 2, playing: false });
    expect(t.delay).toBeNull();
    engine.play();
    expect(engine.snapshot).toMatchObject({ position: 0, playing: true });
  });

  it('changes pace while playing: the next step comes at the new interval', () => {
    const t = manualClock();
    const engine = new PlaybackEngine(t.clock);
    engine.load(single(10));
    engine.play();
    engine.setSpeed(4);
    expect(engine.snapshot.speed).toBe(4);
    expect(t.delay).toBe(100);
    engine.setSpeed(99);
    expect(engine.snapshot.speed).toBe(4);
    engine.setSpeed(-3);
    expect(t.delay).toBe(1200);
  });

  it('pause stops the timer; toggle resumes where it was', () => {
    const t = manualClock();
    const engine = new PlaybackEngine(t.clock);
    engine.load(single(10));
    engine.play();
    t.fire();
    engine.toggle();
    expect(engine.snapshot).toMatchObject({ position: 1, playing: false });
    expect(t.delay).toBeNull();
    engine.toggle();
    t.fire();
    expect(engine.snapshot.position).toBe(2);
  });

  it('keeps one cursor per vehicle over the merged timeline, stepping and seeking', () => {
    const t = manualClock();
    const engine = new PlaybackEngine(t.clock);
    engine.load(pair());
    // Position 0: A has its first point, B has not started.
    expect([engine.cursor(0), engine.cursor(1)]).toEqual([0, -1]);
    const moved: number[] = [];
    engine.subscribe((c) => {
      if (c.kind === 'step') moved.push(c.vehicle);
    });
    engine.play();
    t.fire();
    t.fire();
    t.fire();
    expect(moved).toEqual([1, 0, 0]);
    expect([engine.cursor(0), engine.cursor(1)]).toEqual([2, 0]);
    engine.seek(1);
    expect([engine.cursor(0), engine.cursor(1)]).toEqual([0, 0]);
    engine.seek(100);
    expect(engine.snapshot.position).toBe(4);
    expect([engine.cursor(0), engine.cursor(1)]).toEqual([2, 1]);
    expect(engine.positionOf(1, 1)).toBe(4);
    expect(engine.vehicleAt(2)).toBe(0);
  });

  it('an empty result never plays', () => {
    const t = manualClock();
    const engine = new PlaybackEngine(t.clock);
    engine.load({ length: 0, vehicleAt: [], pointAt: [], vehicles: [] });
    engine.play();
    engine.seek(3);
    expect(engine.snapshot).toEqual({ position: 0, total: 0, playing: false, speed: 0 });
    expect(t.delay).toBeNull();
  });

  it('a new load stops the one playing', () => {
    const t = manualClock();
    const engine = new PlaybackEngine(t.clock);
    engine.load(single(10));
    engine.play();
    engine.setSpeed(2);
    t.fire();
    engine.load(single(5));
    expect(engine.snapshot).toEqual({ position: 0, total: 5, playing: false, speed: 0 });
    expect(t.delay).toBeNull();
  });
});

describe('lastAtOrBelow', () => {
  it('finds the last value at or below the target', () => {
    expect(lastAtOrBelow([1, 3, 5], 0)).toBe(-1);
    expect(lastAtOrBelow([1, 3, 5], 1)).toBe(0);
    expect(lastAtOrBelow([1, 3, 5], 4)).toBe(1);
    expect(lastAtOrBelow([1, 3, 5], 9)).toBe(2);
    expect(lastAtOrBelow([], 9)).toBe(-1);
  });
});
