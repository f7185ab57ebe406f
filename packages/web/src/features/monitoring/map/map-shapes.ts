import type { OwnLine } from '@headway/server/contract';
import { useMemo } from 'react';
import type { MapLinePath, MapStation } from '../../../map';

/** The lines' paths (one per direction) and their stations, in the map kit's shapes. */
export function useMapShapes(lines: readonly OwnLine[]): { paths: MapLinePath[]; stations: MapStation[] } {
  return useMemo(() => {
    const paths: MapLinePath[] = [];
    const stations: MapStation[] = [];
    for (const line of lines) {
      for (const d of line.directions) {
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
  }, [lines]);
}
