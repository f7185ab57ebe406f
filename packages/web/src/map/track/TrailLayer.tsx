import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Stroke, Style } from 'ol/style';
import { useEffect, useMemo } from 'react';
import { attachLayer } from '../layers/attach-layer';
import { useMap } from '../MapProvider';

const CASING = new Style({ stroke: new Stroke({ color: 'rgba(255,255,255,0.8)', width: 6 }) });

/**
 * A live vehicle's trail (WGS-84 points, oldest first) that grows as reports arrive: the layer stays, only the
 * line's coordinates are replaced (spec section 9: trail stroke green, weight 3).
 */
export function TrailLayer({
  points,
  colour = '#16a34a',
}: {
  points: readonly { lng: number; lat: number }[];
  colour?: string;
}) {
  const { map, project } = useMap();
  const line = useMemo(() => new LineString([]), []);
  useEffect(() => {
    const feature = new Feature(line);
    feature.setStyle([CASING, new Style({ stroke: new Stroke({ color: colour, width: 3, lineJoin: 'round' }) })]);
    return attachLayer(map, new VectorLayer({ source: new VectorSource({ features: [feature] }), zIndex: 30 }));
  }, [map, line, colour]);
  useEffect(() => {
    line.setCoordinates(points.length < 2 ? [] : points.map((p) => project(p.lng, p.lat)));
  }, [line, points, project]);
  return null;
}
