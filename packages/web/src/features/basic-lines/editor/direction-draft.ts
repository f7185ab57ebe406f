import {
  averageStationKm,
  checkRoute,
  formatPathText,
  LINE_DEFAULT_STYLE,
  type PathPoint,
  parsePathText,
  placeStations,
  projectOntoPath,
  type RouteCheckFailure,
  roundCoordinate,
} from '@headway/spec';
import type { DirectionDetail, DirectionInput } from '../api';

// What the line editor holds for one direction while the user draws: the path and the stations in running order.
// Mileage and azimuths are never typed: they are computed along the path with the spec's geometry (the server
// checks with the same functions), so what the editor shows is what will be stored.

export interface DraftStation {
  /** React key: stable while stations are reordered. */
  key: string;
  name: string;
  lat: number;
  lng: number;
  /** The bus stop it is; '' lets the server reuse or make one. */
  stop_id: string;
}

export interface DirectionDraft {
  direction: 1 | 2;
  path: PathPoint[];
  stations: DraftStation[];
  first_time: string;
  last_time: string;
  intervals: number;
}

export function emptyDraft(direction: 1 | 2): DirectionDraft {
  return { direction, path: [], stations: [], first_time: '', last_time: '', intervals: 0 };
}

let keySeq = 0;
export function stationKey(): string {
  keySeq += 1;
  return `s${keySeq}`;
}

export function draftOf(d: DirectionDetail): DirectionDraft {
  return {
    direction: d.direction === 2 ? 2 : 1,
    path: parsePathText(d.path) ?? [],
    stations: d.stations.map((s) => ({
      key: stationKey(),
      name: s.station_name,
      lat: s.lat,
      lng: s.lng,
      stop_id: s.stop_id,
    })),
    first_time: d.first_time,
    last_time: d.last_time,
    intervals: d.intervals,
  };
}

/** The station placed where the user clicked, moved onto the path (so it is on the road the buses take). */
export function snapToPath(path: readonly PathPoint[], at: PathPoint): PathPoint {
  if (path.length < 2) return [roundCoordinate(at[0]), roundCoordinate(at[1])];
  const { along } = projectOntoPath(path, at);
  let rest = along;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as PathPoint;
    const b = path[i] as PathPoint;
    const len = projectOntoPath([a, b], b).along;
    if (rest <= len || i === path.length - 1) {
      const f = len > 0 ? Math.min(1, rest / len) : 0;
      return [roundCoordinate(a[0] + (b[0] - a[0]) * f), roundCoordinate(a[1] + (b[1] - a[1]) * f)];
    }
    rest -= len;
  }
  return at;
}

/** Inserts a station where it falls along the path: stations stay in running order however they are placed. */
export function insertStation(draft: DirectionDraft, station: DraftStation): DraftStation[] {
  if (draft.path.length < 2) return [...draft.stations, station];
  const along = (s: { lat: number; lng: number }) => projectOntoPath(draft.path, [s.lat, s.lng]).along;
  const at = along(station);
  const index = draft.stations.findIndex((s) => along(s) > at);
  const out = [...draft.stations];
  out.splice(index < 0 ? out.length : index, 0, station);
  return out;
}

export interface ComputedStation {
  distance: number;
  azimuth: number;
}

/** Mileage and azimuth of each station along the path, and the direction's totals. */
export function computeDraft(draft: DirectionDraft) {
  const placed = placeStations(
    draft.path,
    draft.stations.map((s) => [s.lat, s.lng] as PathPoint),
  );
  const distance = placed.at(-1)?.distance ?? 0;
  return { placed, distance, avg_station_km: averageStationKm(distance, draft.stations.length) };
}

/** The direction as the API takes it. */
export function directionInput(draft: DirectionDraft): DirectionInput {
  const { placed, distance, avg_station_km } = computeDraft(draft);
  return {
    direction: draft.direction,
    distance,
    avg_station_km,
    path: formatPathText(draft.path),
    style: { ...LINE_DEFAULT_STYLE },
    ...(draft.first_time ? { first_time: draft.first_time } : {}),
    ...(draft.last_time ? { last_time: draft.last_time } : {}),
    intervals: draft.intervals,
    stations: draft.stations.map((s, i) => ({
      station_name: s.name,
      lat: s.lat,
      lng: s.lng,
      distance: placed[i]?.distance ?? 0,
      azimuth: placed[i]?.azimuth ?? 0,
      ...(s.stop_id ? { stop_id: s.stop_id } : {}),
    })),
  };
}

/** The way back of a two-way line: the up path and stations reversed (the user adjusts what differs). */
export function reversed(draft: DirectionDraft, direction: 1 | 2): DirectionDraft {
  return {
    ...draft,
    direction,
    path: [...draft.path].reverse(),
    stations: [...draft.stations].reverse().map((s) => ({ ...s, key: stationKey() })),
  };
}

/** The spec's route check, as the server will run it; drafts with nothing drawn are left out (not stored). */
export function checkDrafts(category: number, drafts: DirectionDraft[]): RouteCheckFailure[] {
  const used = drafts.filter((d) => d.path.length > 0 || d.stations.length > 0);
  return checkRoute(
    category,
    used.map((d) => {
      const input = directionInput(d);
      return { ...input, path: d.path, stations: input.stations };
    }),
  );
}
