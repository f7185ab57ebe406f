import { PLAYBACK_LOCK_MARGIN_PX } from '@headway/spec';
import { useEffect, useRef } from 'react';
import { useMap } from '../../../../map';
import { keepInside } from '../../../../map/track/lock-viewport';
import { createTrackMarker, type TrackMarker } from '../../../../map/track/track-marker';
import type { PlaybackEngine } from '../engine';
import { ICON_HEX, iconColour } from '../point-look';
import type { TrackSet } from '../track-data';

export interface VehicleMarkersProps {
  engine: PlaybackEngine;
  set: TrackSet;
  selected: number;
  hidden: ReadonlySet<string>;
  locked: boolean;
  onSelect: (vehicle: number) => void;
}

/**
 * One marker per vehicle of the result, moved by the engine without React: a tick moves the one vehicle that
 * stepped (and, with the viewport locked, recentres when the selected one leaves the inner area).
 */
export function VehicleMarkers({ engine, set, selected, hidden, locked, onSelect }: VehicleMarkersProps) {
  const { map, project } = useMap();
  const markers = useRef<TrackMarker[]>([]);
  const select = useRef(onSelect);
  select.current = onSelect;
  const follow = useRef({ selected, locked });
  follow.current = { selected, locked };

  useEffect(() => {
    const created = set.vehicles.map((v, i) =>
      createTrackMarker(map, {
        label: v.car_name,
        colour: v.colour,
        title: v.car_name,
        onClick: () => select.current(i),
      }),
    );
    markers.current = created;
    const place = (vehicle: number) => {
      const marker = created[vehicle];
      const v = set.vehicles[vehicle];
      if (!marker || !v) return;
      const point = v.points[engine.cursor(vehicle)];
      if (!point) {
        marker.move(undefined, 0, ICON_HEX.gray);
        return;
      }
      // A new array each move: the overlay notices a new position by reference.
      const coordinate = project(point.lng, point.lat);
      marker.move(coordinate, point.azimuth, ICON_HEX[iconColour(point)]);
      marker.element.dataset.index = String(engine.cursor(vehicle));
      const { selected: s, locked: l } = follow.current;
      if (l && vehicle === s) keepInside(map, coordinate, PLAYBACK_LOCK_MARGIN_PX);
    };
    const placeAll = () => {
      for (let i = 0; i < created.length; i++) place(i);
    };
    placeAll();
    const off = engine.subscribe((change) => {
      if (change.kind === 'step') place(change.vehicle);
      else if (change.kind === 'seek') placeAll();
    });
    return () => {
      off();
      for (const m of created) m.destroy();
      markers.current = [];
    };
  }, [map, project, engine, set]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new set makes new markers, which need marking
  useEffect(() => {
    markers.current.forEach((m, i) => {
      m.setSelected(i === selected);
    });
  }, [selected, set]);

  useEffect(() => {
    markers.current.forEach((m, i) => {
      m.setHidden(hidden.has(String(set.vehicles[i]?.car_id)));
    });
  }, [hidden, set]);

  // Locking (or choosing another vehicle while locked) brings the vehicle into view at once.
  useEffect(() => {
    if (!locked) return;
    const point = set.vehicles[selected]?.points[engine.cursor(selected)];
    if (point) keepInside(map, project(point.lng, point.lat), PLAYBACK_LOCK_MARGIN_PX);
  }, [locked, selected, set, engine, map, project]);
  return null;
}
