import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import { useEffect } from 'react';
import { useMap } from '../../../../map';

export type MarkerKind = 'alarm' | 'vehicle';

export interface MapMarker {
  key: string;
  kind: MarkerKind;
  lng: number;
  lat: number;
}

// A halo under a solid dot: the alarm's place stays visible on a bare background (no tiles offline) and over a
// busy street map alike.
const STYLES: Record<MarkerKind, Style[]> = {
  alarm: [
    new Style({ image: new Circle({ radius: 16, fill: new Fill({ color: 'rgba(239,68,68,0.22)' }) }) }),
    new Style({
      image: new Circle({
        radius: 8,
        fill: new Fill({ color: '#ef4444' }),
        stroke: new Stroke({ color: '#ffffff', width: 3 }),
      }),
    }),
  ],
  vehicle: [
    new Style({ image: new Circle({ radius: 13, fill: new Fill({ color: 'rgba(37,99,235,0.2)' }) }) }),
    new Style({
      image: new Circle({
        radius: 7,
        fill: new Fill({ color: '#2563eb' }),
        stroke: new Stroke({ color: '#ffffff', width: 3 }),
      }),
    }),
  ],
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
    const layer = new VectorLayer({ source, zIndex: 40 });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
      source.dispose();
    };
  }, [map, project, markers]);
  return null;
}
