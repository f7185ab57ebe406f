import type { OwnLine } from '@headway/server/contract';
import { useMemo } from 'react';
import type { MapLinePath, MapStation } from '../../../map';

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
  return { paths, stations };
}
