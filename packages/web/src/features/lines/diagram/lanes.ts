// Chips and labels that would overlap along the track go on separate lanes (rows in the compact layout, columns in
// the vertical one), greedily: each item takes the first lane whose last item ends before it starts.

export interface LaneItem {
  /** Centre along the axis, px. */
  at: number;
  /** Extent along the axis, px. */
  size: number;
}

/** A lane index per item (in the items' order) and how many lanes were used. */
export function assignLanes(items: readonly LaneItem[], spacing = 4): { lanes: number[]; count: number } {
  const order = items.map((_, i) => i).sort((a, b) => (items[a] as LaneItem).at - (items[b] as LaneItem).at);
  const ends: number[] = [];
  const lanes = new Array<number>(items.length).fill(0);
  for (const i of order) {
    const item = items[i] as LaneItem;
    const start = item.at - item.size / 2;
    let lane = ends.findIndex((end) => end + spacing <= start);
    if (lane < 0) {
      lane = ends.length;
      ends.push(0);
    }
    ends[lane] = item.at + item.size / 2;
    lanes[i] = lane;
  }
  return { lanes, count: ends.length };
}

/** The width of a chip showing `text` (px): a dot, padding and about 7 px a character at 12 px. */
export function chipSize(text: string): number {
  return 22 + 7 * text.length;
}
