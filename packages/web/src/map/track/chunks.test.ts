import { describe, expect, it } from 'vitest';
import { chunkRanges } from './chunks';

describe('track chunks', () => {
  it('joined runs share their end points and cover the line', () => {
    expect(chunkRanges(10, 4, true)).toEqual([
      [0, 4],
      [3, 7],
      [6, 10],
    ]);
    expect(chunkRanges(7, 4, true)).toEqual([
      [0, 4],
      [3, 7],
    ]);
    expect(chunkRanges(2, 4, true)).toEqual([[0, 2]]);
  });
  it('point runs do not overlap', () => {
    expect(chunkRanges(10, 4, false)).toEqual([
      [0, 4],
      [4, 8],
      [8, 10],
    ]);
    expect(chunkRanges(0, 4, false)).toEqual([]);
  });
});
