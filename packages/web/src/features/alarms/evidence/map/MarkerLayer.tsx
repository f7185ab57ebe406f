import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import { useEffect } from 'react';
import { attachLayer, useMap } from '../../../../map';

export type MarkerKind = 'alarm' | 'vehicle';

export interface MapMarker {
  key: string;
  kind: MarkerKind;
  lng: number;
  lat: number;
}

// A halo under a solid dot: the alarm's place stays visible on a bare background (no tiles offline) and over a
// busy street map alike.
function markerStyle(dot: { radius: number; color: string }, halo: { radius: number; color: string }): Style[] {
  return [
    new Style({ image: new Circle({ radius: halo.radius, fill: new Fill({ color: halo.color }) }) }),
    new Style({
      image: new Circle({
        radius: dot.radius,
        fill: new Fill({ color: dot.color }),
        stroke: new Stroke({ color: '#ffffff', width: 3 }),
      }),
    }),
  ];
}

const STYLES: Record<MarkerKind, Style[]> = {
  alarm: markerStyle({ radius: 8, color: '#ef4444' }, { radius: 16, color: 'rgba(239,68,68,0.22)' }),
  vehicle: markerStyle({ radius: 7, color: '#2563eb' }, { radius: 13, color: 'rgba(37,99,235,0.2)' }),
};

/** Points drawn above everything else: the alarm's position, the vehicle now. */
export function MarkerLayer({ markers }: { markers: readonly MapMarker[] }) {
  const { map, project } = useMap();
  useEffect(() => {
    const source = new VectorSource({
      features: markers.map((m) => {
        const feature = new Feature(new Point(project(m.lng, m.lat)));
        feature.setId(m.key);
        feature.setStyle(STYLES[m.kind]);
        return feature;
      }),
    });
    return attachLayer(map, new VectorLayer({ source, zIndex: 40 }));
  }, [map, project, markers]);
  return null;
}
