import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import type { VehicleFeatures, VehiclePoint } from '../vehicle-features';
import { spriteStyle } from './sprite-style';
import { CLUSTER_UNTIL_ZOOM } from './vehicle-layer';

/** Cell edge in pixels: vehicles closer than this on screen share a cluster. */
const CELL_PX = 64;
/** Multiplier of the column in a cell id; a row index stays far below half of it (±2^15). */
const CELL_ID_ROW = 2 ** 22;

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

export interface GridCluster {
  /** Vehicles in the cell. */
  n: number;
  /** Their mean view coordinate. */
  x: number;
  y: number;
  /** The first vehicle met in the cell (a cell of one shows its icon). */
  point: VehiclePoint;
}

/** One linear pass: vehicles grouped by square cells of `cell` view units. */
export function gridClusters(features: VehicleFeatures, cell: number): GridCluster[] {
  // Numeric cell ids: a string per vehicle per batch was most of this pass. Below CLUSTER_UNTIL_ZOOM the
  // world is at most 2^16 cells across, so row and column fit side by side in a double without clashing.
  const cells = new Map<number, GridCluster>();
  features.forEach((_key, x, y, point) => {
    const id = Math.floor(x / cell) * CELL_ID_ROW + Math.floor(y / cell);
    const c = cells.get(id);
    if (c) {
      c.n += 1;
      c.x += x;
      c.y += y;
    } else cells.set(id, { n: 1, x, y, point });
  });
  const out = [...cells.values()];
  for (const c of out) {
    c.x /= c.n;
    c.y /= c.n;
  }
  return out;
}

/**
 * Grid clustering in screen space below CLUSTER_UNTIL_ZOOM, recomputed on pan/zoom and per applied
 * batch: one linear pass, so it stays cheap with thousands of vehicles (OpenLayers' Cluster source needs an
 * R-tree that per-second position updates would keep rebuilding). No React, so the browser benchmark runs
 * the same code as the screen. Returns the detach function.
 */
export function attachVehicleClusters(map: OlMap, features: VehicleFeatures, layerId = 'clusters'): () => void {
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
  layer.set('hwLayer', layerId);
  const view = map.getView();
  const recompute = () => {
    const resolution = view.getResolution();
    const zoom = view.getZoom() ?? 0;
    if (!resolution || zoom >= CLUSTER_UNTIL_ZOOM) {
      if (source.getFeatures().length > 0) source.clear(true);
      return;
    }
    const out: Feature<Point>[] = [];
    for (const c of gridClusters(features, CELL_PX * resolution)) {
      const f = new Feature(new Point([c.x, c.y]));
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
}
