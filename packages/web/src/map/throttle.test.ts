import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttleBatches } from './throttle';

describe('live batch throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies at most one merged batch per interval, newest item per key', () => {
    const applied: { k: string; v: number }[][] = [];
    const t = throttleBatches<{ k: string; v: number }>(
      (i) => i.k,
      (b) => applied.push(b),
      500,
    );
    t.push([{ k: 'a', v: 1 }]);
    expect(applied).toHaveLength(0);
    vi.advanceTimersByTime(0);
    expect(applied).toEqual([[{ k: 'a', v: 1 }]]);
    // Three frames inside the next interval collapse into one batch.
    t.push([
      { k: 'a', v: 2 },
      { k: 'b', v: 1 },
    ]);
    vi.advanceTimersByTime(100);
    t.push([{ k: 'a', v: 3 }]);
    vi.advanceTimersByTime(100);
    t.push([{ k: 'c', v: 1 }]);
    expect(applied).toHaveLength(1);
    vi.advanceTimersByTime(300);
    expect(applied).toHaveLength(2);
    expect(applied[1]).toEqual([
      { k: 'a', v: 3 },
      { k: 'b', v: 1 },
      { k: 'c', v: 1 },
    ]);
  });

  it('flushes on demand and drops pending items on cancel', () => {
    const applied: number[][] = [];
    const t = throttleBatches<number>(String, (b) => applied.push(b), 1000);
    t.push([1, 2]);
    t.flush();
    expect(applied).toEqual([[1, 2]]);
    t.push([3]);
    t.cancel();
    vi.advanceTimersByTime(5000);
    expect(applied).toEqual([[1, 2]]);
  });
});
