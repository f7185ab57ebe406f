import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import VectorImageLayer from 'ol/layer/VectorImage';
import VectorSource from 'ol/source/Vector';
import { Stroke, Style } from 'ol/style';
import { useEffect, useMemo } from 'react';
import { useMap } from '../MapProvider';
import { chunkRanges } from './chunks';

/** Points per feature (chunks.ts). */
const CHUNK = 512;

// Track lines drawn once per result (spec section 9: trail stroke green, weight 3; a vehicle of several gets its own
// colour). A VectorImage layer: the lines are rendered to an image when the view changes and that image is reused
// otherwise, so a 60,000-point line costs nothing while the markers above it move.

export interface TrackLine {
  key: string;
  colour: string;
  points: readonly { lng: number; lat: number }[];
}

const CASING = new Style({ stroke: new Stroke({ color: 'rgba(255,255,255,0.8)', width: 6 }) });
const styleCache = new Map<string, Style[]>();
function lineStyle(colour: string): Style[] {
  let style = styleCache.get(colour);
  if (!style) {
    style = [
      CASING,
      new Style({ stroke: new Stroke({ color: colour, width: 3, lineJoin: 'round', lineCap: 'round' }) }),
    ];
    styleCache.set(colour, style);
  }
  return style;
}

export function TrackLineLayer({ lines, hidden }: { lines: readonly TrackLine[]; hidden?: ReadonlySet<string> }) {
  const { map, project } = useMap();
  const features = useMemo(
    () =>
      lines.flatMap((l) => {
        const coords = l.points.map((p) => project(p.lng, p.lat));
        return chunkRanges(coords.length, CHUNK, true).map(([from, to]) => {
          const feature = new Feature(new LineString(coords.slice(from, to)));
          feature.set('track', l.key, true);
          feature.set('colour', l.colour, true);
          return feature;
        });
      }),
    [lines, project],
  );
  useEffect(() => {
    const source = new VectorSource({ features });
    const layer = new VectorImageLayer({ source, zIndex: 30, imageRatio: 1.5 });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
      source.dispose();
    };
  }, [map, features]);
  useEffect(() => {
    for (const f of features)
      f.setStyle(hidden?.has(f.get('track') as string) ? [] : lineStyle(f.get('colour') as string));
  }, [features, hidden]);
  return null;
}
