import { VIDEO_SPLITS } from '@headway/spec';
import { describe, expect, it } from 'vitest';
import { gridLayout, splitFor } from './layouts';

describe('gridLayout', () => {
  it.each(VIDEO_SPLITS)('view %i has that many windows covering its grid exactly once', (split) => {
    const { cells, size } = gridLayout(split);
    expect(cells).toHaveLength(split);
    const covered = new Set<string>();
    for (const c of cells) {
      for (let r = c.row; r < c.row + c.span; r++) {
        for (let col = c.column; col < c.column + c.span; col++) {
          const key = `${r},${col}`;
          expect(covered.has(key)).toBe(false);
          expect(r).toBeLessThanOrEqual(size);
          expect(col).toBeLessThanOrEqual(size);
          covered.add(key);
        }
      }
    }
    expect(covered.size).toBe(size * size);
  });

  it('6 is one 2×2 window and five around it; 8 is one 3×3 and seven', () => {
    expect(gridLayout(6).size).toBe(3);
    expect(gridLayout(6).cells[0]).toEqual({ column: 1, row: 1, span: 2 });
    expect(
      gridLayout(6)
        .cells.slice(1)
        .map((c) => [c.row, c.column]),
    ).toEqual([
      [1, 3],
      [2, 3],
      [3, 1],
      [3, 2],
      [3, 3],
    ]);
    expect(gridLayout(8).size).toBe(4);
    expect(gridLayout(8).cells[0]?.span).toBe(3);
  });

  it('square views are n×n in reading order', () => {
    expect(gridLayout(4).cells).toEqual([
      { column: 1, row: 1, span: 1 },
      { column: 2, row: 1, span: 1 },
      { column: 1, row: 2, span: 1 },
      { column: 2, row: 2, span: 1 },
    ]);
    expect(gridLayout(36).size).toBe(6);
  });
});

describe('splitFor', () => {
  it('is the smallest view with room', () => {
    expect(splitFor(0)).toBe(1);
    expect(splitFor(1)).toBe(1);
    expect(splitFor(2)).toBe(4);
    expect(splitFor(5)).toBe(6);
    expect(splitFor(7)).toBe(8);
    expect(splitFor(9)).toBe(9);
    expect(splitFor(10)).toBe(16);
    expect(splitFor(40)).toBe(36);
  });
});
