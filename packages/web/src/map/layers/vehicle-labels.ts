import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import type { VehicleFeatures } from '../vehicle-features';

/** Car names show from this zoom (few vehicles in view), and always for the selected vehicle. */
export const LABEL_ZOOM = 15;
/** At most this many labels are drawn; beyond it the map is too dense to read them anyway. */
const MAX_LABELS = 400;

function labelStyle(text: string, selected: boolean): Style[] {
  const label = new Style({
    text: new Text({
      text,
      font: `${selected ? '600 ' : ''}12px system-ui, sans-serif`,
      offsetY: 12,
      padding: [1, 5, 1, 5],
      fill: new Fill({ color: selected ? '#ffffff' : '#0f172a' }),
      backgroundFill: new Fill({ color: selected ? 'rgba(37,99,235,0.95)' : 'rgba(255,255,255,0.92)' }),
      backgroundStroke: new Stroke({ color: selected ? 'rgba(37,99,235,1)' : 'rgba(148,163,184,0.7)', width: 1 }),
    }),
    zIndex: selected ? 3 : 2,
  });
  if (!selected) return [label];
  // A halo behind the selected icon (the icon itself is in the WebGL layer above).
  const halo = new Style({
    image: new Circle({
      radius: 20,
      fill: new Fill({ color: 'rgba(37,99,235,0.18)' }),
      stroke: new Stroke({ color: 'rgba(37,99,235,0.9)', width: 2 }),
      displacement: [0, 19],
      declutterMode: 'none',
    }),
    zIndex: 0,
  });
  return [halo, label];
}

/**
 * A small canvas layer with the labels of vehicles in view, rebuilt on pan/zoom and per batch. No React, so
 * the browser benchmark runs the same code as the screen. Returns the detach function.
 */
export function attachVehicleLabels(map: OlMap, features: VehicleFeatures, selected: string | null): () => void {
  const source = new VectorSource();
  const layer = new VectorLayer({
    source,
    zIndex: 39,
    declutter: 'vehicle-labels',
    style: (feature) => labelStyle(feature.get('label') as string, feature.get('selected') as boolean),
  });
  const view = map.getView();
  const rebuild = () => {
    const out: Feature<Point>[] = [];
    const zoom = view.getZoom() ?? 0;
    if (zoom >= LABEL_ZOOM) {
      const [minX, minY, maxX, maxY] = view.calculateExtent(map.getSize()) as [number, number, number, number];
      const skip = selected ? features.indexOf(selected) : -1;
      features.forEach((i, x, y) => {
        if (out.length >= MAX_LABELS || i === skip) return;
        if (x < minX || x > maxX || y < minY || y > maxY) return;
        const f = new Feature(new Point([x, y]));
        f.setProperties({ label: features.labelOf(i), selected: false }, true);
        out.push(f);
      });
    }
    const chosen = selected ? features.indexOf(selected) : -1;
    const feature = chosen < 0 ? undefined : features.feature(selected as string);
    if (feature) {
      const f = new Feature(new Point([...(feature.getGeometry()?.getCoordinates() ?? [0, 0])]));
      f.setProperties({ label: features.labelOf(chosen), selected: true }, true);
      out.push(f);
    }
    source.clear(true);
    source.addFeatures(out);
  };
  rebuild();
  const off = features.subscribe(rebuild);
  const key = map.on('moveend', rebuild);
  map.addLayer(layer);
  return () => {
    off();
    map.un('moveend', key.listener);
    map.removeLayer(layer);
    source.dispose();
  };
}
