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
