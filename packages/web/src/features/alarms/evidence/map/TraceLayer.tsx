import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Stroke, Style } from 'ol/style';
import { useEffect, useMemo } from 'react';
import { attachLayer, useMap } from '../../../../map';

const TRACE_STYLE = [
  new Style({ stroke: new Stroke({ color: 'rgba(255,255,255,0.85)', width: 7 }) }),
  new Style({ stroke: new Stroke({ color: '#2563eb', width: 4, lineCap: 'round', lineJoin: 'round' }) }),
];

/**
 * The vehicle's path as one line (WGS-84 [lng, lat] points, oldest first). The layer stays while the path grows
 * with the live channel; only the line's coordinates are replaced.
 */
export function TraceLayer({ path }: { path: readonly (readonly [number, number])[] }) {
  const { map, project } = useMap();
  const line = useMemo(() => new LineString([]), []);
  useEffect(() => {
    const feature = new Feature(line);
    feature.setStyle(TRACE_STYLE);
    const source = new VectorSource({ features: [feature] });
    return attachLayer(map, new VectorLayer({ source, zIndex: 30 }));
  }, [map, line]);
  useEffect(() => {
    line.setCoordinates(path.length < 2 ? [] : path.map(([lng, lat]) => project(lng, lat)));
  }, [line, path, project]);
  return null;
}
