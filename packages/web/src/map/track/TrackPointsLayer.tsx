import Feature from 'ol/Feature';
import MultiPoint from 'ol/geom/MultiPoint';
import VectorImageLayer from 'ol/layer/VectorImage';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style } from 'ol/style';
import { useEffect, useMemo } from 'react';
import { useMap } from '../MapProvider';
import { chunkRanges } from './chunks';

/** Points per feature (chunks.ts). */
const CHUNK = 512;

// A track's points as dots coloured by kind (the caller's palette, e.g. speeding / door open / normal / stale).
// A MultiPoint per run of 512 points and kind rather than a feature per point: 60,000 points are a few hundred
// features, built in one pass and rendered to a reused image (VectorImage) like the line under them.

export interface TrackPointSeries {
  key: string;
  points: readonly { lng: number; lat: number }[];
  /** Index into `colours` per point. */
  kinds: ArrayLike<number>;
}

const styleCache = new Map<string, Style>();
function dot(colour: string): Style {
  let style = styleCache.get(colour);
  if (!style) {
    style = new Style({
      image: new Circle({
        radius: 3.5,
        fill: new Fill({ color: colour }),
        stroke: new Stroke({ color: '#fff', width: 1 }),
      }),
    });
    styleCache.set(colour, style);
  }
  return style;
}

export interface TrackPointsLayerProps {
  series: readonly TrackPointSeries[];
  colours: readonly string[];
  hidden?: ReadonlySet<string>;
}

export function TrackPointsLayer({ series, colours, hidden }: TrackPointsLayerProps) {
  const { map, project } = useMap();
  const features = useMemo(() => {
    const out: Feature[] = [];
    for (const s of series) {
      for (const [from, to] of chunkRanges(s.points.length, CHUNK, false)) {
        const byKind: number[][][] = colours.map(() => []);
        for (let i = from; i < to; i++) {
          const p = s.points[i] as { lng: number; lat: number };
          byKind[s.kinds[i] ?? 0]?.push(project(p.lng, p.lat));
        }
        byKind.forEach((coords, kind) => {
          if (coords.length === 0) return;
          const feature = new Feature(new MultiPoint(coords));
          feature.set('series', s.key, true);
          feature.set('colour', colours[kind], true);
          // Rarer kinds (warnings) draw above the common ones.
          feature.set('order', coords.length, true);
          out.push(feature);
        });
      }
    }
    return out.sort((a, b) => (b.get('order') as number) - (a.get('order') as number));
  }, [series, colours, project]);
  useEffect(() => {
    const source = new VectorSource({ features });
    const layer = new VectorImageLayer({
      source,
      zIndex: 35,
      imageRatio: 1.5,
      renderOrder: (a, b) => (b.get('order') as number) - (a.get('order') as number),
    });
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
      source.dispose();
    };
  }, [map, features]);
  useEffect(() => {
    for (const f of features) f.setStyle(hidden?.has(f.get('series') as string) ? [] : dot(f.get('colour') as string));
  }, [features, hidden]);
  return null;
}
