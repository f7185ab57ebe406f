/**
 * A uniform grid over one direction's segments, built once per line. A report looks at the few cells around it
 * instead of every segment (a 25 km line has ~600 segments; a query touches ~10), which is what keeps the engine
 * at thousands of reports per second per core. Cells are stored CSR-style in two flat Int32Arrays.
 */

export interface SegmentGrid {
  minX: number;
  minY: number;
  cell: number;
  nx: number;
  ny: number;
  /** cellStart[c]..cellStart[c+1] index into items. */
  cellStart: Int32Array;
  items: Int32Array;
  /** Per segment, the query number that last visited it (dedupe segments spanning several cells, no Set). */
  stamp: Uint32Array;
  query: number;
}

/** @param gaps segments to leave out (1 = no segment between points s and s+1: separate polylines in one array) */
export function buildGrid(
  xs: Float64Array,
  ys: Float64Array,
  cell: number,
  margin: number,
  gaps?: Uint8Array,
): SegmentGrid {
  const n = xs.length;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, xs[i]!);
    minY = Math.min(minY, ys[i]!);
    maxX = Math.max(maxX, xs[i]!);
    maxY = Math.max(maxY, ys[i]!);
  }
  minX -= margin;
  minY -= margin;
  const nx = Math.max(1, Math.ceil((maxX + margin - minX) / cell));
  const ny = Math.max(1, Math.ceil((maxY + margin - minY) / cell));
  const segments = Math.max(0, n - 1);
  const counts = new Int32Array(nx * ny + 1);
  const visit = (fill: Int32Array | null, cursor: Int32Array | null) => {
    for (let s = 0; s < segments; s++) {
      if (gaps && gaps[s] === 1) continue;
      const cx0 = Math.floor((Math.min(xs[s]!, xs[s + 1]!) - minX) / cell);
      const cx1 = Math.floor((Math.max(xs[s]!, xs[s + 1]!) - minX) / cell);
      const cy0 = Math.floor((Math.min(ys[s]!, ys[s + 1]!) - minY) / cell);
      const cy1 = Math.floor((Math.max(ys[s]!, ys[s + 1]!) - minY) / cell);
      for (let cy = cy0; cy <= cy1; cy++) {
        for (let cx = cx0; cx <= cx1; cx++) {
          const c = cy * nx + cx;
          if (fill && cursor) fill[cursor[c]!++] = s;
          else counts[c + 1]!++;
        }
      }
    }
  };
  visit(null, null);
  for (let c = 0; c < nx * ny; c++) counts[c + 1]! += counts[c]!;
  const items = new Int32Array(counts[nx * ny]!);
  visit(items, counts.slice(0, nx * ny));
  return { minX, minY, cell, nx, ny, cellStart: counts, items, stamp: new Uint32Array(segments), query: 0 };
}
