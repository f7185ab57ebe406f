import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { useEffect } from 'react';
import { useMap } from '../MapProvider';
import { attachLayer } from './attach-layer';

/** Spec section 9: stations visible from zoom 12, their labels from zoom 15. */
const STATION_MIN_ZOOM = 12;
const STATION_LABEL_ZOOM = 15;

export interface MapStation {
  key: string;
  name: string;
  lng: number;
  lat: number;
  color?: string;
  /** false draws the dot without its name (the screen names a stop once where several share it). */
  labelled?: boolean;
}

const dotCache = new Map<string, Style>();
function dot(color: string): Style {
  let style = dotCache.get(color);
  if (!style) {
    style = new Style({
      image: new Circle({
        radius: 4,
        fill: new Fill({ color: '#ffffff' }),
        stroke: new Stroke({ color, width: 2 }),
        // Dots always draw; only labels give way to each other (up and down stops sit metres apart).
        declutterMode: 'none',
      }),
    });
    dotCache.set(color, style);
  }
  return style;
}

const labelText = new Text({
  font: '11px system-ui, sans-serif',
  offsetY: -12,
  fill: new Fill({ color: '#334155' }),
  stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 3 }),
});

export function StationsLayer({ stations }: { stations: readonly MapStation[] }) {
  const { map, project } = useMap();
  useEffect(() => {
    const source = new VectorSource({
      features: stations.map((s) => {
        const f = new Feature(new Point(project(s.lng, s.lat)));
        f.setProperties({ name: s.labelled === false ? '' : s.name, color: s.color ?? '#ef4444' }, true);
        return f;
      }),
    });
    const view = map.getView();
    const layer = new VectorLayer({
      source,
      zIndex: 20,
      // minZoom is exclusive in OpenLayers; the spec's "from 12" includes 12.
      minZoom: STATION_MIN_ZOOM - 1e-6,
      declutter: 'stations',
      style: (feature, resolution) => {
        const base = dot(feature.get('color') as string);
        const zoom = view.getZoomForResolution(resolution) ?? 0;
        const name = feature.get('name') as string;
        if (zoom < STATION_LABEL_ZOOM || !name) return base;
        labelText.setText(name);
        return [base, new Style({ text: labelText.clone() })];
      },
    });
    return attachLayer(map, layer);
  }, [map, project, stations]);
  return null;
}
