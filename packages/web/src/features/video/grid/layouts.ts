import { VIDEO_SPLITS, type VideoSplit } from '@headway/spec';

// The video grid's views (spec "Video splits 1, 4, 6, 8, 9, 16, 25, 36"). Square views are n×n; 6 and 8 are the
// usual CCTV layouts with one large window: 6 is a 3×3 grid whose first window spans 2×2, 8 a 4×4 grid whose first
// spans 3×3. Cells are in reading order, so window i always plays the i-th opened channel.

export interface GridCell {
  /** 1-based CSS grid lines. */
  column: number;
  row: number;
  span: number;
}

export interface GridLayout {
  split: VideoSplit;
  size: number;
  cells: GridCell[];
}

function square(split: VideoSplit, size: number): GridLayout {
  const cells: GridCell[] = [];
  for (let i = 0; i < split; i++) cells.push({ column: (i % size) + 1, row: Math.floor(i / size) + 1, span: 1 });
  return { split, size, cells };
}

/** One window of span×span in the top-left corner, the rest of the size×size grid around it in reading order. */
function feature(split: VideoSplit, size: number, span: number): GridLayout {
  const cells: GridCell[] = [{ column: 1, row: 1, span }];
  for (let row = 1; row <= size; row++) {
    for (let column = 1; column <= size; column++) {
      if (row <= span && column <= span) continue;
      cells.push({ column, row, span: 1 });
    }
  }
  return { split, size, cells };
}

export function gridLayout(split: VideoSplit): GridLayout {
  switch (split) {
    case 6:
      return feature(6, 3, 2);
    case 8:
      return feature(8, 4, 3);
    default:
      return square(split, Math.sqrt(split));
  }
}

export function isVideoSplit(n: number): n is VideoSplit {
  return (VIDEO_SPLITS as readonly number[]).includes(n);
}

/** The smallest view that shows `count` windows (36 at most). */
export function splitFor(count: number): VideoSplit {
  return VIDEO_SPLITS.find((s) => s >= count) ?? 36;
}
