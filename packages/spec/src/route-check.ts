import { type PathPoint, projectOntoPath, validLatLng } from './line-geometry.ts';
import {
  averageStationKm,
  type LineDirectionCode,
  type RouteCheckCode,
  requiredDirections,
  STATION_PATH_TOLERANCE_M,
} from './line-rules.ts';

// The route check of spec section 5 ("at least 2 stations per direction; total mileage must match maximum station
// mileage; station mileage must accumulate; check failures 1-7"), run by the server before a line's directions
// are stored and by the line editor before it saves. What each number means here: docs/basic-data-lines.md.

export interface CheckedStation {
  distance: number;
  lat: number;
  lng: number;
}

export interface CheckedDirection {
  direction: number;
  /** Total mileage, metres. */
  distance: number;
  avg_station_km: number;
  path: readonly PathPoint[];
  stations: readonly CheckedStation[];
}

export interface RouteCheckFailure {
  code: RouteCheckCode;
  /** The direction at fault; absent for the line as a whole. */
  direction?: number;
  /** 1-based serial of the station at fault. */
  serial?: number;
}

/** Failures of one direction, in the order of the catalogue; empty when it passes. */
export function checkDirection(d: CheckedDirection): RouteCheckFailure[] {
  const at = (code: RouteCheckCode, serial?: number): RouteCheckFailure =>
    serial === undefined ? { code, direction: d.direction } : { code, direction: d.direction, serial };
  if (d.path.length === 0 && d.stations.length === 0) return [at(1)];
  const failures: RouteCheckFailure[] = [];
  if (d.stations.length < 2) failures.push(at(3));

  const mileage = d.stations.length ? Math.max(...d.stations.map((s) => s.distance)) : 0;
  if (d.stations.length && d.distance !== mileage) failures.push(at(4));

  // Mileage accumulates: starts at 0 or more and grows from each station to the next.
  const badDistance = d.stations.findIndex(
    (s, i) => !Number.isInteger(s.distance) || s.distance < 0 || (i > 0 && s.distance <= d.stations[i - 1]!.distance),
  );
  if (badDistance >= 0) failures.push(at(5, badDistance + 1));

  // Every point valid, a path of two points or more, and every station on it.
  let badPoint = -1;
  const pathOk = d.path.length >= 2 && d.path.every(validLatLng);
  if (pathOk) {
    let floor = 0;
    badPoint = d.stations.findIndex((s) => {
      if (!validLatLng([s.lat, s.lng])) return true;
      const p = projectOntoPath(d.path, [s.lat, s.lng], floor);
      floor = p.along;
      return p.offset > STATION_PATH_TOLERANCE_M;
    });
  }
  if (!pathOk) failures.push(at(6));
  else if (badPoint >= 0) failures.push(at(6, badPoint + 1));

  if (d.stations.length >= 2 && Math.abs(d.avg_station_km - averageStationKm(d.distance, d.stations.length)) > 0.0005) {
    failures.push(at(7));
  }
  return failures;
}

/** A line's check: its category's directions all there (2 incomplete), none at all is 1 empty, then each one's. */
export function checkRoute(category: number, directions: readonly CheckedDirection[]): RouteCheckFailure[] {
  if (directions.length === 0) return [{ code: 1 }];
  const failures: RouteCheckFailure[] = [];
  const present = new Set(directions.map((d) => d.direction));
  const missing = requiredDirections(category).filter((d: LineDirectionCode) => !present.has(d));
  for (const direction of missing) failures.push({ code: 2, direction });
  for (const d of directions) failures.push(...checkDirection(d));
  return failures;
}
