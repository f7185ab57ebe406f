import { describe, expect, it } from 'vitest';
import { timelineTicks } from './timeline-marks';

describe('timeline ticks', () => {
  it('puts about 20 ticks over the points, first and last included', () => {
    const ticks = timelineTicks(60_000);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)).toBe(59_999);
    expect(ticks.length).toBeGreaterThanOrEqual(20);
    expect(ticks.length).toBeLessThanOrEqual(22);
    const gaps = ticks.slice(1).map((t, i) => t - (ticks[i] as number));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(3000 * 1.5);
  });

  it('every point when there are fewer than 20', () => {
    expect(timelineTicks(5)).toEqual([0, 1, 2, 3, 4]);
    expect(timelineTicks(1)).toEqual([0]);
    expect(timelineTicks(0)).toEqual([]);
  });
});
