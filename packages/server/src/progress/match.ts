/**
 * Map matching of one report against every direction of a line. Each nearby segment is scored
 *   cost = offset from the path + heading penalty + continuity penalty
 * and the cheapest candidate per direction is kept. Offset alone cannot tell the two passes of a loop apart, nor
 * the up and down paths along the same street; heading (when moving) and continuity with the previous match
 * (how far a bus can have got since) can.
 */

import type { CompiledLine } from './compile.ts';
import type { ProgressOptions } from './options.ts';
import { angleBetween } from './planar.ts';

/** How a candidate relates to the previous match. */
export const SAME = 0;
/** Onto the successor direction after reaching the terminal (or a loop line starting over). */
export const TERMINAL = 1;
/** Onto another direction mid-route: needs several reports of evidence. */
export const SWITCH = 2;
/** No usable previous match. */
export const FREE = 3;

const TERMINAL_PENALTY = 15;
const SWITCH_PENALTY = 40;
/** Metres of cost per metre a candidate lies outside the reachable along-window. */
const WINDOW_SLOPE = 0.5;
/** Cost per metre ahead of the distance the reported speed explains. */
const SPEED_SLOPE = 0.3;
/** Cost for driving against a segment's bearing (scaled by 1 - cos of the angle, so up to twice this). */
const HEADING_WEIGHT = 40;
/** Acquisition bias towards the start of a direction: cost per metre along, capped at FREE_BIAS_METRES. */
const FREE_BIAS_SLOPE = 0.3;
const FREE_BIAS_METRES = 300;

export interface Prior {
  /** -1 when there is no usable previous match. */
  dirIndex: number;
  along: number;
  /** Seconds since the previous match. */
  dt: number;
  /** The vehicle has entered the zone of its direction's last station. */
  atTerminal: boolean;
  /** Forward metres the reported speed explains since the previous match (generous). */
  expected: number;
}

/** Best candidate per direction, reused across reports (no allocation per report). */
export interface MatchScratch {
  cost: Float64Array;
  along: Float64Array;
  offset: Float64Array;
  kind: Uint8Array;
}

export function createScratch(directions: number): MatchScratch {
  return {
    cost: new Float64Array(directions),
    along: new Float64Array(directions),
    offset: new Float64Array(directions),
    kind: new Uint8Array(directions),
  };
}

/**
 * Fills `out` with each direction's best candidate (cost Infinity when no segment is within the search radius)
 * and returns the index of the cheapest direction, or -1.
 * @param heading report azimuth in degrees, or a negative number when the vehicle is too slow for it to mean anything
 */
export function matchReport(
  line: CompiledLine,
  x: number,
  y: number,
  heading: number,
  prior: Prior,
  options: ProgressOptions,
  out: MatchScratch,
): number {
  let bestDir = -1;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let j = 0; j < line.directions.length; j++) {
    matchDirection(line, j, x, y, heading, prior, options, out);
    if (out.cost[j]! < bestCost) {
      bestCost = out.cost[j]!;
      bestDir = j;
    }
  }
  return bestDir;
}

function matchDirection(
  line: CompiledLine,
  j: number,
  x: number,
  y: number,
  heading: number,
  prior: Prior,
  options: ProgressOptions,
  out: MatchScratch,
): void {
  const dir = line.directions[j]!;
  const g = dir.grid;
  const radius = options.searchRadius;
  out.cost[j] = Number.POSITIVE_INFINITY;
  out.offset[j] = Number.POSITIVE_INFINITY;
  out.along[j] = 0;
  out.kind[j] = FREE;
  const cx0 = Math.max(0, Math.floor((x - radius - g.minX) / g.cell));
  const cx1 = Math.min(g.nx - 1, Math.floor((x + radius - g.minX) / g.cell));
  const cy0 = Math.max(0, Math.floor((y - radius - g.minY) / g.cell));
  const cy1 = Math.min(g.ny - 1, Math.floor((y + radius - g.minY) / g.cell));
  if (cx0 > cx1 || cy0 > cy1) return;
  const query = ++g.query;
  const { xs, ys, cum, len2, bearing } = dir;
  for (let cy = cy0; cy <= cy1; cy++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      const c = cy * g.nx + cx;
      const end = g.cellStart[c + 1]!;
      for (let i = g.cellStart[c]!; i < end; i++) {
        const s = g.items[i]!;
        if (g.stamp[s] === query) continue;
        g.stamp[s] = query;
        const ax = xs[s]!;
        const ay = ys[s]!;
        const dx = xs[s + 1]! - ax;
        const dy = ys[s + 1]! - ay;
        const l2 = len2[s]!;
        let t = l2 > 0 ? ((x - ax) * dx + (y - ay) * dy) / l2 : 0;
        t = t < 0 ? 0 : Math.min(t, 1);
        const ox = ax + t * dx - x;
        const oy = ay + t * dy - y;
        const offset = Math.sqrt(ox * ox + oy * oy);
        if (offset > radius) continue;
        const along = cum[s]! + t * (cum[s + 1]! - cum[s]!);
        let cost = offset;
        if (heading >= 0 && l2 > 0)
          cost += HEADING_WEIGHT * (1 - Math.cos((angleBetween(heading, bearing[s]!) * Math.PI) / 180));
        const kind = continuity(line, j, along, prior, options);
        cost += penalty;
        // Ties (a loop's start and end at one stop) go to the smaller along: a fresh vehicle is starting, not ending.
        if (cost < out.cost[j]! - 1e-6 || (cost <= out.cost[j]! + 1e-6 && along < out.along[j]!)) {
          out.cost[j] = cost;
          out.along[j] = along;
          out.offset[j] = offset;
          out.kind[j] = kind;
        }
      }
    }
  }
}

// Set by continuity() beside its return value; module-level to avoid an object per candidate.
let penalty = 0;

function continuity(line: CompiledLine, j: number, along: number, prior: Prior, options: ProgressOptions): number {
  if (prior.dirIndex < 0) {
    // Picked up with no history: termini often loop, so the origin and a point a hundred metres on lie side by
    // side. A vehicle appearing there is far more likely starting a trip than part-way round the loop.
    penalty = Math.min(along, FREE_BIAS_METRES) * FREE_BIAS_SLOPE;
    return FREE;
  }
  const prev = line.directions[prior.dirIndex]!;
  const reach = options.maxSpeed * prior.dt;
  let best = Number.POSITIVE_INFINITY;
  let kind = SWITCH;
  if (j === prior.dirIndex) {
    const delta = along - prior.along;
    const forward = reach + 100;
    best =
      delta < -options.backwardTolerance
        ? (-options.backwardTolerance - delta) * WINDOW_SLOPE
        : delta > forward
          ? (delta - forward) * WINDOW_SLOPE
          : 0;
    // Beyond what the speed explains, a candidate pays a little per metre: at a looping terminus the start and a
    // point 100 m on are side by side, and a bus standing still is at the one it was already at.
    if (delta > prior.expected) best += (delta - prior.expected) * SPEED_SLOPE;
    kind = SAME;
  }
  if (j === prev.successor && prior.atTerminal && along <= options.terminalZone + reach) {
    // The next trip starts at its origin: the same start bias as a fresh pick-up, for the same looping termini.
    const cost = TERMINAL_PENALTY + Math.min(along, FREE_BIAS_METRES) * FREE_BIAS_SLOPE;
    if (cost < best) {
      best = cost;
      kind = TERMINAL;
    }
  }
  if (j !== prior.dirIndex && kind !== TERMINAL) {
    best = SWITCH_PENALTY;
    kind = SWITCH;
  }
  penalty = best;
  return kind;
}
