/**
 * Precomputes everything per line that a report would otherwise recompute: planar points, segment bearings and
 * lengths, great-circle cumulative distances, the segment grid, station zone thresholds and segment-time priors.
 */

import { buildGrid, type SegmentGrid } from './grid.ts';
import type { ProgressOptions } from './options.ts';
import { bearingOf, haversineMetres, type PlanarFrame, planarFrame, toX, toY } from './planar.ts';
import type { Direction, LineCategory, LineGeometry } from './types.ts';
import { compileVariants, type VariantSegments } from './variants.ts';

export interface CompiledDirection {
  direction: Direction;
  /** Index in CompiledLine.directions of the direction a vehicle takes after this one's terminal. */
  successor: number;
  xs: Float64Array;
  ys: Float64Array;
  /** Great-circle metres from the first point. */
  cum: Float64Array;
  /** Per segment: compass bearing (deg), squared planar length. */
  bearing: Float64Array;
  len2: Float64Array;
  length: number;
  grid: SegmentGrid;
  serials: Int32Array;
  names: string[];
  /** Station distances along the path, clamped into [0, length]. */
  stationAlong: Float64Array;
  /**
   * Zone boundaries in along order: [2k] entry (arrival) and [2k+1] exit (departure) of station k. Each side
   * shrinks to half the gap to the neighbouring station so zones never overlap and events stay in serial order.
   */
  thresholds: Float64Array;
  /**
   * Where each event's time is read: the crossing of a point nearer the stop than the zone boundary (the zone only
   * decides that the event happened). Buses brake into a stop and pull away slowly, so interpolating the time at
   * the boundary itself reads arrivals early and departures late by several seconds.
   */
  anchors: Float64Array;
  /** Prior seconds from arrival at station k to arrival at k+1 (schedule, else distance at the default speed). */
  segmentPrior: Float64Array;
  /** Where the direction's variant paths leave the main one (null: none do). */
  variants: VariantSegments | null;
}

export interface CompiledLine {
  routeCode: string;
  routeName: string;
  category: LineCategory;
  frame: PlanarFrame;
  directions: CompiledDirection[];
}

export function compileLine(geometry: LineGeometry, options: ProgressOptions): CompiledLine {
  const first = geometry.directions.find((d) => d.path.length > 0)?.path[0];
  if (!first) throw new Error(`line ${geometry.routeCode} has no path`);
  let sumLat = 0;
  let sumLng = 0;
  let count = 0;
  for (const d of geometry.directions) {
    for (const [lng, lat] of d.path) {
      sumLat += lat;
      sumLng += lng;
      count++;
    }
  }
  const frame = planarFrame(sumLat / count, sumLng / count);
  const directions = geometry.directions.map((d, index): CompiledDirection => {
    const n = d.path.length;
    const xs = new Float64Array(n);
    const ys = new Float64Array(n);
    const cum = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const [lng, lat] = d.path[i]!;
      xs[i] = toX(frame, lng);
      ys[i] = toY(frame, lat);
      if (i > 0) {
        const [plng, plat] = d.path[i - 1]!;
        cum[i] = cum[i - 1]! + haversineMetres(plat, plng, lat, lng);
      }
    }
    const segments = Math.max(0, n - 1);
    const bearing = new Float64Array(segments);
    const len2 = new Float64Array(segments);
    for (let s = 0; s < segments; s++) {
      const dx = xs[s + 1]! - xs[s]!;
      const dy = ys[s + 1]! - ys[s]!;
      bearing[s] = bearingOf(dx, dy);
      len2[s] = dx * dx + dy * dy;
    }
    const length = n > 0 ? cum[n - 1]! : 0;
    const stations = d.stations;
    const m = stations.length;
    const stationAlong = new Float64Array(m);
    let last = 0;
    for (let k = 0; k < m; k++) {
      // Clamped and forced non-decreasing: the spec requires accumulating station mileage, and zones rely on it.
      last = Math.max(last, Math.min(length, Math.max(0, stations[k]!.distance)));
      stationAlong[k] = last;
    }
    const thresholds = new Float64Array(2 * m);
    const anchors = new Float64Array(2 * m);
    for (let k = 0; k < m; k++) {
      const gapPrev = k > 0 ? stationAlong[k]! - stationAlong[k - 1]! : Number.POSITIVE_INFINITY;
      const gapNext = k < m - 1 ? stationAlong[k + 1]! - stationAlong[k]! : Number.POSITIVE_INFINITY;
      const before = Math.min(options.stationRadius, gapPrev / 2);
      const after = Math.min(options.stationRadius, gapNext / 2);
      thresholds[2 * k] = stationAlong[k]! - before;
      thresholds[2 * k + 1] = stationAlong[k]! + after;
      anchors[2 * k] = stationAlong[k]! - Math.min(before, options.arrivalAnchor);
      anchors[2 * k + 1] = stationAlong[k]! + Math.min(after, options.departureAnchor);
    }
    const segmentPrior = new Float64Array(Math.max(0, m - 1));
    for (let k = 0; k < m - 1; k++) {
      const a = stations[k]!.duration;
      const b = stations[k + 1]!.duration;
      const byDistance = (stationAlong[k + 1]! - stationAlong[k]!) / options.defaultSpeed + options.defaultDwell;
      segmentPrior[k] = a !== undefined && b !== undefined && b > a ? b - a : byDistance;
    }
    const grid = buildGrid(xs, ys, options.gridCell, options.searchRadius);
    const variants = d.variants?.length
      ? compileVariants(d.variants, { xs, ys, cum, len2, grid }, frame, options)
      : null;
    return {
      direction: d.direction,
      successor: successorOf(geometry, index),
      xs,
      ys,
      cum,
      bearing,
      len2,
      length,
      grid,
      serials: Int32Array.from(stations.map((s) => s.serial)),
      names: stations.map((s) => s.name),
      stationAlong,
      thresholds,
      anchors,
      segmentPrior,
      variants,
    };
  });
  return {
    routeCode: geometry.routeCode,
    routeName: geometry.routeName ?? geometry.routeCode,
    category: geometry.category,
    frame,
    directions,
  };
}

/** Two-way lines alternate directions at the terminals; a single-direction (loop) line starts itself over. */
function successorOf(geometry: LineGeometry, index: number): number {
  const n = geometry.directions.length;
  if (n < 2) return index;
  return (index + 1) % n;
}
