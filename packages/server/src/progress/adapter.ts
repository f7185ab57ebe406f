/**
 * From the GTFS importer's line plan (lines/gtfs/plan.ts) to the engine's geometry. Structural types only, so the
 * engine does not import the importer and either can change its internals.
 */

import type { Direction, LineCategory, LineGeometry } from './types.ts';

/** The fields of the importer's LinePlan the engine reads. */
export interface LinePlanLike {
  routeCode: string;
  routeName: string;
  category: LineCategory;
  directions: {
    direction: Direction;
    /** Spec path string "lat,lng|lat,lng|…". */
    path: string;
    /** Variant paths (branches, short turns) in the same format. */
    variants?: { path: string; shapeId?: string; trips?: number }[];
    stations: { serial: number; stationName: string; distance: number; duration?: number; lng: number; lat: number }[];
  }[];
}

export function lineFromPlan(plan: LinePlanLike): LineGeometry {
  return {
    routeCode: plan.routeCode,
    routeName: plan.routeName,
    category: plan.category,
    directions: plan.directions.map((d) => ({
      direction: d.direction,
      path: parseSpecPath(d.path),
      ...(d.variants?.length
        ? { variants: d.variants.map((v) => ({ path: parseSpecPath(v.path), shapeId: v.shapeId, trips: v.trips })) }
        : {}),
      stations: d.stations.map((s) => ({
        serial: s.serial,
        name: s.stationName,
        distance: s.distance,
        lng: s.lng,
        lat: s.lat,
        ...(s.duration !== undefined ? { duration: s.duration } : {}),
      })),
    })),
  };
}

/** The spec's path string is lat first; the engine's path is [lng, lat] like GeoJSON. */
export function parseSpecPath(path: string): [number, number][] {
  if (!path) return [];
  return path.split('|').map((pair) => {
    const [lat, lng] = pair.split(',');
    return [Number(lng), Number(lat)];
  });
}

/** Stored rows (lines, line_paths, line_stations tables) in the spec's field names; only the fields read here. */
export interface LineRowsLike {
  line: { route_code: string; route_name: string; category: number };
  /** `variant` 1 marks a variant path (several rows per direction since migration 0008); absent or 0 the main. */
  paths: { direction: number; path: string; variant?: number; shape_id?: string; trips?: number }[];
  stations: {
    direction: number;
    serial: number;
    station_name: string;
    distance: number;
    duration?: number | null;
    lng: number;
    lat: number;
  }[];
}

/** From the stored line (what the ingest loads at start and on a line change) to the engine's geometry. */
export function lineFromRows(rows: LineRowsLike): LineGeometry {
  const directions = [...new Set(rows.paths.map((p) => p.direction))].filter((d) => d === 1 || d === 2).sort();
  return {
    routeCode: rows.line.route_code,
    routeName: rows.line.route_name,
    category: (rows.line.category === 1 || rows.line.category === 2 ? rows.line.category : 0) as LineCategory,
    directions: directions.map((direction) => ({
      direction: direction as Direction,
      path: parseSpecPath(rows.paths.find((p) => p.direction === direction && !p.variant)?.path ?? ''),
      ...variantsOf(rows.paths.filter((p) => p.direction === direction && p.variant)),
      stations: rows.stations
        .filter((s) => s.direction === direction)
        .sort((a, b) => a.serial - b.serial)
        .map((s) => ({
          serial: s.serial,
          name: s.station_name,
          distance: s.distance,
          lng: s.lng,
          lat: s.lat,
          ...(s.duration !== undefined && s.duration !== null ? { duration: s.duration } : {}),
        })),
    })),
  };
}

function variantsOf(rows: LineRowsLike['paths']): Pick<LineGeometry['directions'][number], 'variants'> {
  if (rows.length === 0) return {};
  return {
    variants: rows.map((r) => ({
      path: parseSpecPath(r.path),
      ...(r.shape_id ? { shapeId: r.shape_id } : {}),
      ...(r.trips !== undefined ? { trips: r.trips } : {}),
    })),
  };
}
