import { describe, expect, it } from 'vitest';
import { formatLength, runningDistances } from './measure';

describe('measuring tool arithmetic', () => {
  it('adds up geodesic segment lengths vertex by vertex', () => {
    // A degree of longitude on the equator is 2πR/360 on the spec's sphere.
    const degree = (2 * Math.PI * 6378137) / 360;
    const d = runningDistances([
      [0, 0],
      [1, 0],
      [1, 0],
      [3, 0],
    ]);
    expect(d[0]).toBe(0);
    expect(d[1]).toBeCloseTo(degree, 3);
    expect(d[2]).toBeCloseTo(degree, 3);
    expect(d[3]).toBeCloseTo(3 * degree, 3);
    expect(runningDistances([])).toEqual([]);
  });

  it('shows metres up to 1000 and km with 2 decimals above', () => {
    expect(formatLength(0)).toBe('0 m');
    expect(formatLength(999.6)).toBe('1000 m');
    expect(formatLength(1000)).toBe('1000 m');
    expect(formatLength(1234.5)).toBe('1.23 km');
  });
});
