import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Stroke, Style } from 'ol/style';
import { useEffect } from 'react';
import { parsePath } from '../coords';
import { useMap } from '../MapProvider';
import { attachLayer } from './attach-layer';

/** Spec section 9: route default stroke red, weight 3, opacity 0.5. */
const DEFAULT_LINE_STYLE = { strokeColor: '#ff0000', strokeWeight: 3, strokeOpacity: 0.5 };

export interface MapLinePath {
  key: string;
  /** Spec path string: `lat,lng|…` in WGS-84. */
  path: string;
  style?: { strokeColor?: string; strokeWeight?: number; strokeOpacity?: number };
}

function rgba(hex: string, opacity: number): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return hex;
  const n = Number.parseInt(m[1] as string, 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${opacity})`;
}

/** Line paths, each with its own stroke (the line's style, else the spec default). */
export function LinesLayer({ paths }: { paths: readonly MapLinePath[] }) {
  const { map, project } = useMap();
  useEffect(() => {
    const source = new VectorSource();
    const features = paths.map((p) => {
      const feature = new Feature(new LineString(parsePath(p.path).map(([lng, lat]) => project(lng, lat))));
      const s = { ...DEFAULT_LINE_STYLE, ...p.style };
      feature.setStyle([
        // A faint white casing keeps the line readable over busy tiles.
        new Style({ stroke: new Stroke({ color: 'rgba(255,255,255,0.7)', width: s.strokeWeight + 2 }) }),
        new Style({ stroke: new Stroke({ color: rgba(s.strokeColor, s.strokeOpacity), width: s.strokeWeight }) }),
      ]);
      feature.setId(p.key);
      return feature;
    });
    source.addFeatures(features);
    const layer = new VectorLayer({ source, zIndex: 10, updateWhileInteracting: false });
    return attachLayer(map, layer);
  }, [map, project, paths]);
  return null;
}
