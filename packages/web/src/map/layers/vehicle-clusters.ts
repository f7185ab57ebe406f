import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import type { VehicleFeatures } from '../vehicle-features';
import { COLOURS } from '../vehicle-style';
import { spriteStyle } from './sprite-style';
import { CLUSTER_UNTIL_ZOOM } from './vehicle-layer';

/** Cell edge in pixels: vehicles closer than this on screen share a cluster. */
const CELL_PX = 64;
/** The clustered area is the view plus one view size on each side: about 4,600 cells on a 1920×1080 screen. */
const MAX_CELLS = 1 << 22;
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

interface GridCluster {
  /** Vehicles in the cell. */
  n: number;
  /** Their mean view coordinate. */
  x: number;
  y: number;
  /** Roster index of the first vehicle met in the cell (a cell of one shows its icon). */
  first: number;
}

/** Cells of the last pass, reused: a batch allocates only the clusters it returns (one per occupied cell). */
let counts = new Int32Array(0);
let sumX = new Float64Array(0);
let sumY = new Float64Array(0);
let firsts = new Int32Array(0);
let occupied = new Int32Array(0);

/**
 * One linear pass: vehicles inside `extent` grouped by square cells of `cell` view units, the grid aligned on
 * the world origin so clusters do not jump as the view pans. Only the extent is clustered (the caller passes
 * the view with a margin and recomputes on moveend): its cells fit a small dense array indexed by position, so
 * the pass allocates nothing per vehicle. A Map keyed by a world cell id cost a heap number per vehicle (ids
 * beyond the small-integer range) and was a quarter of a 20,000-vehicle batch (docs/performance.md "Live map").
 */
export function gridClusters(
  features: VehicleFeatures,
  cell: number,
  extent: readonly [number, number, number, number],
): GridCluster[] {
  const minX = Math.floor(extent[0] / cell) * cell;
  const minY = Math.floor(extent[1] / cell) * cell;
  const cols = Math.max(1, Math.ceil((extent[2] - minX) / cell));
  const rows = Math.max(1, Math.ceil((extent[3] - minY) / cell));
  const size = cols * rows;
  // A caller's mistake (a world-wide extent at street-level cells) must not allocate gigabytes.
  if (!(size <= MAX_CELLS)) throw new RangeError(`cluster grid of ${cols}×${rows} cells`);
  if (counts.length < size) {
    counts = new Int32Array(size);
    sumX = new Float64Array(size);
    sumY = new Float64Array(size);
    occupied = new Int32Array(size);
    firsts = new Int32Array(size);
  }
  const maxX = minX + cols * cell;
  const maxY = minY + rows * cell;
  let used = 0;
  features.forEach((index, x, y) => {
    if (x < minX || x >= maxX || y < minY || y >= maxY) return;
    const i = Math.floor((x - minX) / cell) * rows + Math.floor((y - minY) / cell);
    if (counts[i] === 0) {
      occupied[used++] = i;
      firsts[i] = index;
      sumX[i] = 0;
      sumY[i] = 0;
    }
    counts[i] = (counts[i] as number) + 1;
    sumX[i] = (sumX[i] as number) + x;
    sumY[i] = (sumY[i] as number) + y;
  });
  const out: GridCluster[] = new Array(used);
  for (let k = 0; k < used; k++) {
    const i = occupied[k] as number;
    const n = counts[i] as number;
    out[k] = { n, x: (sumX[i] as number) / n, y: (sumY[i] as number) / n, first: firsts[i] as number };
    counts[i] = 0;
  }
  return out;
}

/**
 * Grid clustering in screen space below CLUSTER_UNTIL_ZOOM, recomputed on pan/zoom and per applied
 * batch: one linear pass, so it stays cheap with thousands of vehicles (OpenLayers' Cluster source needs an
 * R-tree that per-second position updates would keep rebuilding). No React, so the browser benchmark runs
 * the same code as the screen. Returns the detach function.
 */
export function attachVehicleClusters(map: OlMap, features: VehicleFeatures): () => void {
  const source = new VectorSource();
  const layer = new VectorLayer({
    source,
    zIndex: 41,
    maxZoom: CLUSTER_UNTIL_ZOOM - 1e-6,
    style: (feature) => {
      const count = feature.get('count') as number;
      if (count > 1) return clusterStyle(count);
      const first = feature.get('first') as number;
      return spriteStyle(COLOURS[features.colourOf(first)] ?? 'gray', features.stepOf(first));
    },
  });
  const view = map.getView();
  const recompute = () => {
    const resolution = view.getResolution();
    const zoom = view.getZoom() ?? 0;
    if (!resolution || zoom >= CLUSTER_UNTIL_ZOOM) {
      if (source.getFeatures().length > 0) source.clear(true);
      return;
    }
    const size = map.getSize();
    if (!size) return;
    // Clusters for the view and one view size around it, so a pan shows clusters before its moveend.
    const [x0, y0, x1, y1] = view.calculateExtent(size) as [number, number, number, number];
    const w = x1 - x0;
    const h = y1 - y0;
    const out: Feature<Point>[] = [];
    for (const c of gridClusters(features, CELL_PX * resolution, [x0 - w, y0 - h, x1 + w, y1 + h])) {
      const f = new Feature(new Point([c.x, c.y]));
      f.setProperties({ count: c.n, first: c.first }, true);
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
