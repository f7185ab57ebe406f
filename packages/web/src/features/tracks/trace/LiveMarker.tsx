import type { RealData } from '@headway/server/contract';
import { PLAYBACK_LOCK_MARGIN_PX } from '@headway/spec';
import { useEffect, useRef } from 'react';
import { useMap } from '../../../map';
import { keepInside } from '../../../map/track/lock-viewport';
import { createTrackMarker, type TrackMarker } from '../../../map/track/track-marker';
import { ICON_HEX, iconColour } from '../playback/point-look';

/** The traced vehicle's marker, moved to each new fix; locked, the map recentres when it leaves the inner area. */
export function LiveMarker({ name, fix, locked }: { name: string; fix: RealData | null; locked: boolean }) {
  const { map, project } = useMap();
  const marker = useRef<TrackMarker | null>(null);
  useEffect(() => {
    const m = createTrackMarker(map, { label: name, colour: '#16a34a', title: name });
    m.setSelected(true);
    marker.current = m;
    return () => {
      m.destroy();
      marker.current = null;
    };
  }, [map, name]);
  const first = useRef(true);
  useEffect(() => {
    if (!fix || !marker.current) return;
    const at = project(fix.lng, fix.lat);
    marker.current.move(
      at,
      fix.a,
      ICON_HEX[iconColour({ state: fix.s, warning: fix.w, event_time: fix.et, receive_time: fix.rt })],
    );
    // The first fix centres the map whatever the lock; later ones only when locked.
    if (first.current) {
      first.current = false;
      map.getView().setCenter(at);
    } else if (locked) keepInside(map, at, PLAYBACK_LOCK_MARGIN_PX);
  }, [map, project, fix, locked]);
  return null;
}
