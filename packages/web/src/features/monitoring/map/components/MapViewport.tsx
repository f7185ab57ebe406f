import { useEffect, useRef } from 'react';
import { useMap, writeViewport } from '../../../../map';

/** Remembers the viewport (WGS-84 centre, zoom) after every move, and centres on a requested vehicle. */
export interface MapFocus {
  lng: number;
  lat: number;
  /** Fixed zoom (framing the fleet); absent: at least 16 (following a vehicle). */
  zoom?: number;
  seq: number;
}

export function MapViewport({ focus }: { focus: MapFocus | null }) {
  const { map, project, unproject } = useMap();
  useEffect(() => {
    const key = map.on('moveend', () => {
      const view = map.getView();
      const c = view.getCenter();
      if (!c) return;
      const [lng, lat] = unproject(c[0] as number, c[1] as number);
      writeViewport(typeof localStorage === 'undefined' ? null : localStorage, {
        lng,
        lat,
        zoom: view.getZoom() ?? 12,
      });
    });
    return () => map.un('moveend', key.listener);
  }, [map, unproject]);

  const lastSeq = useRef(-1);
  useEffect(() => {
    if (!focus || focus.seq === lastSeq.current) return;
    lastSeq.current = focus.seq;
    const view = map.getView();
    // Spec section 9: default start zoom at least 15 when following a vehicle.
    const zoom = focus.zoom ?? Math.max(view.getZoom() ?? 15, 16);
    view.animate({ center: project(focus.lng, focus.lat), zoom, duration: 400 });
  }, [map, project, focus]);
  return null;
}
