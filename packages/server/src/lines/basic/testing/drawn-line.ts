import { averageStationKm, formatPathText, type PathPoint, placeStations } from '@headway/spec';
import type { DirectionInput } from '../../../contract/index.ts';

// A direction as the line editor saves it: a drawn path, stations placed on it, their mileage and azimuths
// computed along the path with the spec's geometry (the same functions the editor uses).

export function drawnDirection(
  direction: 1 | 2,
  path: PathPoint[],
  stations: { name: string; at: PathPoint; stop_id?: string }[],
): DirectionInput {
  const placed = placeStations(
    path,
    stations.map((s) => s.at),
  );
  const distance = placed.at(-1)?.distance ?? 0;
  return {
    direction,
    distance,
    avg_station_km: averageStationKm(distance, stations.length),
    path: formatPathText(path),
    first_time: '06:00',
    last_time: '22:00',
    intervals: 10,
    stations: stations.map((s, i) => ({
      station_name: s.name,
      azimuth: placed[i]!.azimuth,
      distance: placed[i]!.distance,
      lat: s.at[0],
      lng: s.at[1],
      ...(s.stop_id ? { stop_id: s.stop_id } : {}),
    })),
  };
}

/** A street running east in Bangkok (about 2.2 km) with four stops, and the way back. */
export const EAST: PathPoint[] = [
  [13.75, 100.5],
  [13.75, 100.51],
  [13.752, 100.52],
];
export const WEST: PathPoint[] = [...EAST].reverse();

export function twoWayLine(): DirectionInput[] {
  return [
    drawnDirection(1, EAST, [
      { name: 'Pier', at: [13.75, 100.5] },
      { name: 'Market', at: [13.7501, 100.505] },
      { name: 'Temple', at: [13.75, 100.51] },
      { name: 'Station', at: [13.752, 100.52] },
    ]),
    drawnDirection(2, WEST, [
      { name: 'Station', at: [13.752, 100.52] },
      { name: 'Temple', at: [13.75, 100.51] },
      { name: 'Pier', at: [13.75, 100.5] },
    ]),
  ];
}
