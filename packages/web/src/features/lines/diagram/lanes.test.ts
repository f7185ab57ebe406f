import { describe, expect, it } from 'vitest';
import { assignLanes, chipSize } from './lanes';

describe('lanes', () => {
  it('keeps apart items that would overlap and reuses lanes once free', () => {
    const { lanes, count } = assignLanes([
      { at: 100, size: 40 },
      { at: 110, size: 40 },
      { at: 120, size: 40 },
      { at: 200, size: 40 },
      { at: 50, size: 20 },
    ]);
    // 50 fits before 100 on lane 0; 110 and 120 overlap 100 and each other; 200 is clear of all.
    expect(lanes).toEqual([0, 1, 2, 0, 0]);
    expect(count).toBe(3);
  });

  it('needs no lane for nothing, one for items far apart', () => {
    expect(assignLanes([])).toEqual({ lanes: [], count: 0 });
    expect(
      assignLanes([
        { at: 0, size: 10 },
        { at: 100, size: 10 },
      ]).count,
    ).toBe(1);
  });

  it('sizes a chip by its text', () => {
    expect(chipSize('8204')).toBeLessThan(chipSize('NY-BUS-8204'));
  });
});
