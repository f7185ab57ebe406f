import { GEOFENCE_EXIT_MARGIN_M } from '@headway/spec';
import RBush from 'rbush';
import type { Fence } from './fence.ts';
import { M_PER_DEG } from './geometry.ts';
import { type Visit, visitOf } from './visit.ts';

// A company's fences by place, for the per-report point query. A uniform grid of lat/lng cells (~250 m; the
// width in degrees of longitude fixed by the company's middle latitude) over the company's extent; each cell
// lists the fences whose grown bounding box overlaps it, so a report reads one short list. The lists are flat
// typed arrays, cell after cell (boxes, inner boxes and ids side by side), because at 25,000 reports/s over
// 10,000 regions the cost is cache misses, not arithmetic: a report reads one cell's few cache lines and touches
// a Fence only when the point is in its box. A fence spanning more than MAX_CELLS cells (a long corridor, a
// city-wide zone) would bloat the grid: those few go to a small R-tree. A spread-out company gets coarser cells
// (at most MAX_GRID cells in all) rather than a huge table.

const CELL_M = 250;
const MAX_CELLS = 64;
const MAX_GRID = 1 << 18;
/**
 * The inner box: the grown box shrunk back by the exit margin less a metre of slack. A point outside it is outside
 * the shape itself, so a fence the vehicle is not visiting needs no depth test there.
 */
const SHRINK_M = GEOFENCE_EXIT_MARGIN_M - 1;

/** What the R-tree holds: a small fixed-shape box (reading the bounds off a Fence is ~3× slower). */
interface Entry {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  fence: Fence;
}

export class FenceGrid {
  private readonly x0: number;
  private readonly y0: number;
  private readonly cellX: number;
  private readonly cellY: number;
  private readonly cols: number;
  private readonly rows: number;
  /** Cell (row · cols + col) → its first slot; the cell's slots end where the next cell's begin. */
  private readonly start: Int32Array;
  /** Per slot: grown box then inner box, [minX, minY, maxX, maxY, innerMinX, innerMinY, innerMaxX, innerMaxY]. */
  private readonly boxes: Float64Array;
  private readonly ids: Float64Array;
  private readonly fences: Fence[];
  private readonly big: RBush<Entry> | undefined;
  private readonly box = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

  constructor(list: readonly Fence[]) {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const f of list) {
      minX = Math.min(minX, f.minX);
      minY = Math.min(minY, f.minY);
      maxX = Math.max(maxX, f.maxX);
      maxY = Math.max(maxY, f.maxY);
    }
    const midLat = Math.max(-89, Math.min(89, (minY + maxY) / 2));
    this.x0 = minX;
    this.y0 = minY;
    let cellM = CELL_M;
    const degX = (m: number) => m / (M_PER_DEG * Math.max(0.01, Math.cos((midLat * Math.PI) / 180)));
    while (Math.ceil((maxX - minX) / degX(cellM) + 1) * Math.ceil((maxY - minY) / (cellM / M_PER_DEG) + 1) > MAX_GRID)
      cellM *= 2;
    this.cellY = cellM / M_PER_DEG;
    this.cellX = degX(cellM);
    this.cols = this.col(maxX) + 1;
    this.rows = this.row(maxY) + 1;

    const small: Fence[] = [];
    const big: Entry[] = [];
    const counts = new Int32Array(this.cols * this.rows + 1);
    for (const f of list) {
      const c0 = this.col(f.minX);
      const c1 = this.col(f.maxX);
      const r0 = this.row(f.minY);
      const r1 = this.row(f.maxY);
      if ((c1 - c0 + 1) * (r1 - r0 + 1) > MAX_CELLS) {
        big.push({ minX: f.minX, minY: f.minY, maxX: f.maxX, maxY: f.maxY, fence: f });
        continue;
      }
      small.push(f);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) (counts[r * this.cols + c] as number)++;
    }
    this.start = new Int32Array(this.cols * this.rows + 1);
    for (let i = 0; i < this.cols * this.rows; i++)
      (this.start as Int32Array)[i + 1] = (this.start[i] as number) + (counts[i] as number);
    const slots = this.start[this.cols * this.rows] as number;
    this.boxes = new Float64Array(slots * 8);
    this.ids = new Float64Array(slots);
    this.fences = new Array<Fence>(slots);
    const next = this.start.slice(0, this.cols * this.rows);
    for (const f of small) {
      // The widest degrees of longitude the shrink may take: at the box's latitude nearest the equator.
      const nearLat = Math.max(f.minY, Math.min(f.maxY, 0));
      const dY = SHRINK_M / M_PER_DEG;
      const dX = SHRINK_M / (M_PER_DEG * Math.max(0.01, Math.cos((nearLat * Math.PI) / 180)));
      for (let r = this.row(f.minY); r <= this.row(f.maxY); r++) {
        for (let c = this.col(f.minX); c <= this.col(f.maxX); c++) {
          const slot = (next[r * this.cols + c] as number)++;
          this.boxes.set(
            [f.minX, f.minY, f.maxX, f.maxY, f.minX + dX, f.minY + dY, f.maxX - dX, f.maxY - dY],
            slot * 8,
          );
          this.ids[slot] = f.id;
          this.fences[slot] = f;
        }
      }
    }
    if (big.length > 0) this.big = new RBush<Entry>().load(big);
  }

  /**
   * Fills `out` with the fences whose grown bounding box holds the point (edges included, as the R-tree did) and
   * which the point may be inside or `visiting` holds; returns how many. `out` is the caller's scratch array, so a
   * report allocates nothing.
   */
  collect(lat: number, lng: number, visiting: readonly Visit[] | undefined, out: Fence[]): number {
    let n = 0;
    const c = this.col(lng);
    const r = this.row(lat);
    if (c >= 0 && c < this.cols && r >= 0 && r < this.rows) {
      const cell = r * this.cols + c;
      const end = this.start[cell + 1] as number;
      const b = this.boxes;
      for (let i = this.start[cell] as number; i < end; i++) {
        const k = i * 8;
        if (
          lng < (b[k] as number) ||
          lng > (b[k + 2] as number) ||
          lat < (b[k + 1] as number) ||
          lat > (b[k + 3] as number)
        )
          continue;
        const inner =
          lng >= (b[k + 4] as number) &&
          lng <= (b[k + 6] as number) &&
          lat >= (b[k + 5] as number) &&
          lat <= (b[k + 7] as number);
        if (inner || (visiting && visitOf(visiting, this.ids[i] as number))) out[n++] = this.fences[i] as Fence;
      }
    }
    if (this.big) {
      const box = this.box;
      box.minX = box.maxX = lng;
      box.minY = box.maxY = lat;
      for (const e of this.big.search(box)) out[n++] = e.fence;
    }
    return n;
  }

  private col(lng: number): number {
    return Math.floor((lng - this.x0) / this.cellX);
  }

  private row(lat: number): number {
    return Math.floor((lat - this.y0) / this.cellY);
  }
}
