/**
 * Route variants: the paths some trips of a direction take instead of the main one (a branch to another terminal,
 * a detour through a mall loop). Only the stretches of a variant that leave the main path matter — a short turn
 * that runs on the main path adds nothing — so those stretches are kept, each knowing where it rejoins the main
 * path. A report is looked up here only when it is off the main path, so on-route throughput is untouched.
 *
 * A vehicle on such a stretch is on its route: no deviation. Its progress (and the station events) stay on the
 * main path: held at the last main-path match, while the snapshot shows it projected to where it rejoins (the
 * remaining metres along the variant before the rejoin point). Main stations the stretch bypasses are passed
 * silently when the vehicle comes back onto the main path.
 */

import { buildGrid, type SegmentGrid } from './grid.ts';
import type { ProgressOptions } from './options.ts';
import { type PlanarFrame, toX, toY } from './planar.ts';

/** A variant point this close (m) to the main path is on it: variant and main shapes of one street coincide. */
export const ON_MAIN_METRES = 20;
/**
 * Consecutive reports on a branch before it counts as driven (continuity from the branch, the projected progress,
 * bypassed stations on rejoining): a single one is as likely a multipath fix (40–80 m) that landed on a branch.
 */
export const VARIANT_REPORTS = 2;

export interface VariantSegments {
  xs: Float64Array;
  ys: Float64Array;
  /** Per segment: squared planar length; `gap` 1 where two stretches meet in the arrays (no segment). */
  len2: Float64Array;
  gap: Uint8Array;
  /** Per point: metres along the variant to where it rejoins the main path; -1 when it does not rejoin. */
  toRejoin: Float64Array;
  /** Per point: main-path along of that rejoin point (-1 none). */
  rejoin: Float64Array;
  grid: SegmentGrid;
  /** Stretches kept (for tests and the docs' figures). */
  stretches: number;
}

/** The main path a variant is compared with, in the line's plane. */
export interface MainPath {
  xs: Float64Array;
  ys: Float64Array;
  cum: Float64Array;
  len2: Float64Array;
  grid: SegmentGrid;
}

/** Off-main stretches of every variant of a direction, or null when they all run on the main path. */
export function compileVariants(
  variants: readonly { path: readonly (readonly [number, number])[] }[],
  main: MainPath,
  frame: PlanarFrame,
  options: ProgressOptions,
): VariantSegments | null {
  const xs: number[] = [];
  const ys: number[] = [];
  const toRejoin: number[] = [];
  const rejoin: number[] = [];
  const gap: number[] = [];
  let stretches = 0;
  const near = { offset: 0, along: 0 };
  for (const variant of variants) {
    const n = variant.path.length;
    if (n < 2) continue;
    const px = new Float64Array(n);
    const py = new Float64Array(n);
    const onAlong = new Float64Array(n);
    const on = new Uint8Array(n);
    let floor = 0;
    for (let i = 0; i < n; i++) {
      const [lng, lat] = variant.path[i]!;
      px[i] = toX(frame, lng);
      py[i] = toY(frame, lat);
      nearestOnMain(main, px[i]!, py[i]!, floor, near);
      if (near.offset <= ON_MAIN_METRES) {
        on[i] = 1;
        onAlong[i] = near.along;
        floor = near.along;
      }
    }
    // A segment is off the main path when either end is, or its middle is (a chord cutting a loop of the main).
    const offSegment = (s: number) => {
      if (on[s] === 0 || on[s + 1] === 0) return true;
      nearestOnMain(main, (px[s]! + px[s + 1]!) / 2, (py[s]! + py[s + 1]!) / 2, 0, near);
      return near.offset > ON_MAIN_METRES;
    };
    let s = 0;
    while (s < n - 1) {
      if (!offSegment(s)) {
        s++;
        continue;
      }
      const start = s;
      while (s < n - 1 && offSegment(s)) s++;
      // Stretch: points start..s (segments start..s-1); point s is back on the main path unless the variant ended.
      const end = s;
      const rejoins = on[end] === 1;
      const back = rejoins ? onAlong[end]! : -1;
      let remaining = 0;
      const tail: number[] = [];
      for (let i = end; i >= start; i--) {
        if (i < end) remaining += Math.hypot(px[i + 1]! - px[i]!, py[i + 1]! - py[i]!);
        tail.push(rejoins ? remaining : -1);
      }
      if (xs.length > 0) gap[gap.length - 1] = 1;
      for (let i = start; i <= end; i++) {
        xs.push(px[i]!);
        ys.push(py[i]!);
        toRejoin.push(tail[end - i]!);
        rejoin.push(back);
        gap.push(0);
      }
      stretches++;
    }
  }
  if (stretches === 0) return null;
  const m = xs.length;
  const len2 = new Float64Array(Math.max(0, m - 1));
  for (let i = 0; i < m - 1; i++) {
    const dx = xs[i + 1]! - xs[i]!;
    const dy = ys[i + 1]! - ys[i]!;
    len2[i] = dx * dx + dy * dy;
  }
  const gaps = Uint8Array.from(gap.slice(0, Math.max(0, m - 1)));
  const fx = Float64Array.from(xs);
  const fy = Float64Array.from(ys);
  return {
    xs: fx,
    ys: fy,
    len2,
    gap: gaps,
    toRejoin: Float64Array.from(toRejoin),
    rejoin: Float64Array.from(rejoin),
    grid: buildGrid(fx, fy, options.gridCell, options.searchRadius, gaps),
    stretches,
  };
}

/**
 * Nearest point of the main path, preferring the first passage at or beyond `floor` metres along (a variant runs
 * the main path in order, so a loop's second passage beside its first is told apart). Compile time only.
 */
function nearestOnMain(main: MainPath, x: number, y: number, floor: number, out: { offset: number; along: number }) {
  let best = Number.POSITIVE_INFINITY;
  let bestCost = Number.POSITIVE_INFINITY;
  out.offset = Number.POSITIVE_INFINITY;
  out.along = 0;
  const g = main.grid;
  const r = ON_MAIN_METRES * 2;
  const cx0 = Math.max(0, Math.floor((x - r - g.minX) / g.cell));
  const cx1 = Math.min(g.nx - 1, Math.floor((x + r - g.minX) / g.cell));
  const cy0 = Math.max(0, Math.floor((y - r - g.minY) / g.cell));
  const cy1 = Math.min(g.ny - 1, Math.floor((y + r - g.minY) / g.cell));
  for (let cy = cy0; cy <= cy1; cy++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      const c = cy * g.nx + cx;
      for (let i = g.cellStart[c]!; i < g.cellStart[c + 1]!; i++) {
        const s = g.items[i]!;
        const ax = main.xs[s]!;
        const ay = main.ys[s]!;
        const dx = main.xs[s + 1]! - ax;
        const dy = main.ys[s + 1]! - ay;
        const l2 = main.len2[s]!;
        let t = l2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / l2 : 0;
        t = t < 0 ? 0 : Math.min(t, 1);
        const d = Math.hypot(ax + t * dx - x, ay + t * dy - y);
        const along = main.cum[s]! + t * (main.cum[s + 1]! - main.cum[s]!);
        if (d < best) best = d;
        // Behind the floor is another passage; far ahead of it, a later one: a few metres per kilometre decide.
        const cost = d + (along < floor - ON_MAIN_METRES ? 50 : 0.02 * Math.max(0, along - floor));
        if (cost < bestCost) {
          bestCost = cost;
          out.along = along;
        }
      }
    }
  }
  out.offset = best;
}

/** Result of matching a report against the variant stretches (reused, no allocation per report). */
export interface VariantMatch {
  /** Metres from the nearest stretch (Infinity when none within the search radius). */
  offset: number;
  /** Main-path along where that stretch rejoins (-1: it does not). */
  rejoin: number;
  /** Metres along the variant from the report's projection to the rejoin point. */
  toRejoin: number;
}

export function matchVariants(vs: VariantSegments, x: number, y: number, radius: number, out: VariantMatch): void {
  out.offset = Number.POSITIVE_INFINITY;
  out.rejoin = -1;
  out.toRejoin = 0;
  const g = vs.grid;
  const cx0 = Math.max(0, Math.floor((x - radius - g.minX) / g.cell));
  const cx1 = Math.min(g.nx - 1, Math.floor((x + radius - g.minX) / g.cell));
  const cy0 = Math.max(0, Math.floor((y - radius - g.minY) / g.cell));
  const cy1 = Math.min(g.ny - 1, Math.floor((y + radius - g.minY) / g.cell));
  if (cx0 > cx1 || cy0 > cy1) return;
  const query = ++g.query;
  for (let cy = cy0; cy <= cy1; cy++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      const c = cy * g.nx + cx;
      const end = g.cellStart[c + 1]!;
      for (let i = g.cellStart[c]!; i < end; i++) {
        const s = g.items[i]!;
        if (g.stamp[s] === query) continue;
        g.stamp[s] = query;
        const ax = vs.xs[s]!;
        const ay = vs.ys[s]!;
        const dx = vs.xs[s + 1]! - ax;
        const dy = vs.ys[s + 1]! - ay;
        const l2 = vs.len2[s]!;
        let t = l2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / l2 : 0;
        t = t < 0 ? 0 : Math.min(t, 1);
        const ox = ax + t * dx - x;
        const oy = ay + t * dy - y;
        const offset = Math.sqrt(ox * ox + oy * oy);
        if (offset > radius || offset >= out.offset) continue;
        out.offset = offset;
        out.rejoin = vs.rejoin[s]!;
        out.toRejoin = out.rejoin < 0 ? 0 : vs.toRejoin[s]! + t * (vs.toRejoin[s + 1]! - vs.toRejoin[s]!);
      }
    }
  }
}
