import type { OwnLine } from '@headway/server/contract';
import { useMemo } from 'react';
import type { MapLinePath, MapStation } from '../../../map';

/** Metres within which stops of the same name are one place: the two sides of a street, lines sharing a stop. */
const SAME_STOP_METRES = 150;

/**
 * Names each place once: a stop served in both directions, or by several lines, is several stations metres apart,
 * and their labels would stack up or repeat. Every dot stays; the first station of a name at a place keeps it.
 */
export function labelOncePerStop(stations: MapStation[]): MapStation[] {
  const named = new Map<string, { lng: number; lat: number }[]>();
  for (const s of stations) {
    const places = named.get(s.name) ?? [];
    const near = places.some((p) => metresBetween(p, s) < SAME_STOP_METRES);
    s.labelled = !near;
    if (!near) places.push(s);
    named.set(s.name, places);
  }
  return stations;
}

/** Equirectangular distance: exact enough over a few hundred metres. */
function metresBetween(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.hypot(x, y) * 6_371_000;
}

/** The lines' paths (each direction's main path and its variants) and their stations, in the map kit's shapes. */
export function useMapShapes(lines: readonly OwnLine[]): { paths: MapLinePath[]; stations: MapStation[] } {
  return useMemo(() => mapShapes(lines), [lines]);
}

export function mapShapes(lines: readonly OwnLine[]): { paths: MapLinePath[]; stations: MapStation[] } {
  const paths: MapLinePath[] = [];
  const stations: MapStation[] = [];
  for (const line of lines) {
    for (const d of line.directions) {
      // Variants (branches, short turns) first, so the main path draws over them where they share a street; the
      // server gives them the line's colour, thinner and fainter, so the line reads as passengers know it.
      for (const v of d.variants ?? []) {
        if (v.path) paths.push({ key: `${line.route_id}:${d.direction}:${v.shape_id}`, path: v.path, style: v.style });
      }
      if (d.path) paths.push({ key: `${line.route_id}:${d.direction}`, path: d.path, style: d.style });
      for (const s of d.stations) {
        stations.push({
          key: `${line.route_id}:${d.direction}:${s.serial}`,
          name: s.station_name,
          lng: s.lng,
          lat: s.lat,
          color: d.style.strokeColor,
        });
      }
    }
  }
  return { paths, stations: labelOncePerStop(stations) };
}
