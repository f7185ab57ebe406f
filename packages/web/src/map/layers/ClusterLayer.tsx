import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { useEffect } from 'react';
import { nextLayerId, useMap } from '../MapProvider';
import type { VehicleFeatures, VehiclePoint } from '../vehicle-features';
import { spriteStyle } from './sprite-style';
import { CLUSTER_UNTIL_ZOOM } from './vehicle-layer';

/** Cell edge in pixels: vehicles closer than this on screen share a cluster. */
const CELL_PX = 64;

const clusterStyles = new Map<number, Style>();
function clusterStyle(count: number): Style {
  let style = clusterStyles.get(count);
  if (!style) {
    const radius = Math.min(26, 12 + Math.log2(count) * 2.4);
    style = new Style({
      image: new Circle({
        radius,
        fill: new Fill({ color: 'rgba(37, 99, 235, 0.88)' }),
        stroke: new Stroke({ color: 'rgba(255,255,255,0.95)', width: 3 }),
      }),
      text: new Text({
        text: String(count),
        font: '600 12px system-ui, sans-serif',
        fill: new Fill({ color: '#ffffff' }),
      }),
    });
    clusterStyles.set(count, style);
  }
  return style;
}

/**
 * Grid clustering in screen space below CLUSTER_UNTIL_ZOOM, recomputed on pan/zoom and per applied
 * batch: one linear pass, so it stays cheap with thousands of vehicles (OpenLayers' Cluster source needs an
 * R-tree that per-second position updates would keep rebuilding).
 */
export function ClusterLayer({ features }: { features: VehicleFeatures }) {
  const { map } = useMap();
  useEffect(() => {
    const source = new VectorSource();
    const layer = new VectorLayer({
      source,
      zIndex: 41,
      maxZoom: CLUSTER_UNTIL_ZOOM - 1e-6,
      style: (feature) => {
        const count = feature.get('count') as number;
        if (count > 1) return clusterStyle(count);
        const point = feature.get('point') as VehiclePoint;
        return spriteStyle(point.colour, point.step);
      },
    });
    layer.set('hwLayer', nextLayerId('clusters'));
    const view = map.getView();
    const recompute = () => {
      const resolution = view.getResolution();
      const zoom = view.getZoom() ?? 0;
      if (!resolution || zoom >= CLUSTER_UNTIL_ZOOM) {
        if (source.getFeatures().length > 0) source.clear(true);
        return;
      }
      const cell = CELL_PX * resolution;
      const cells = new Map<string, { n: number; x: number; y: number; point: VehiclePoint }>();
      features.forEach((_key, x, y, point) => {
        const id = `${Math.floor(x / cell)}:${Math.floor(y / cell)}`;
        const c = cells.get(id);
        if (c) {
          c.n += 1;
          c.x += x;
          c.y += y;
        } else cells.set(id, { n: 1, x, y, point });
      });
      const out: Feature<Point>[] = [];
      for (const c of cells.values()) {
        const f = new Feature(new Point([c.x / c.n, c.y / c.n]));
        f.setProperties({ count: c.n, point: c.point }, true);
        out.push(f);
      }
      source.clear(true);
      source.addFeatures(out);
    };
    recompute();
    const offChange = features.subscribe(recompute);
    const key = map.on('moveend', recompute);
    // Clicking a cluster zooms into it.
    const click = map.on('singleclick', (event) => {
      const hit = map.forEachFeatureAtPixel(event.pixel, (f) => f, { layerFilter: (l) => l === layer });
      if (hit && (hit.get('count') as number) > 1) {
        view.animate({
          center: (hit.getGeometry() as Point).getCoordinates(),
          zoom: (view.getZoom() ?? 10) + 2,
          duration: 250,
        });
      }
    });
    map.addLayer(layer);
    return () => {
      offChange();
      map.un('moveend', key.listener);
      map.un('singleclick', click.listener);
      map.removeLayer(layer);
      source.dispose();
    };
  }, [map, features]);
  return null;
}
