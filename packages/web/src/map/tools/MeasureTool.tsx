import { noModifierKeys, primaryAction } from 'ol/events/condition';
import type { FeatureLike } from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Draw from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { useEffect, useRef } from 'react';
import { attachLayer } from '../layers/attach-layer';
import { useMap } from '../MapProvider';
import { formatLength, runningDistances } from './measure';
import './measure.css';

// The measuring tool (product spec section 8): click to add points, each vertex labelled with the distance so far;
// right-click (or double-click) ends the line, which then stays editable (OpenLayers Modify: drag a vertex, or
// drag the line to add one) and re-measures as it changes. Switched off, its lines go with it.

const COLOUR = '#d946ef';

const LINE = [
  new Style({ stroke: new Stroke({ color: 'rgba(255,255,255,0.85)', width: 6 }) }),
  new Style({ stroke: new Stroke({ color: COLOUR, width: 2.5, lineDash: [8, 6] }) }),
];
const VERTEX = new Circle({
  radius: 4,
  fill: new Fill({ color: '#ffffff' }),
  stroke: new Stroke({ color: COLOUR, width: 2 }),
});
const POINTER = new Style({ image: new Circle({ radius: 5, fill: new Fill({ color: COLOUR }) }) });

function label(text: string, at: number[], total: boolean): Style {
  return new Style({
    geometry: new Point(at),
    image: VERTEX,
    text: new Text({
      text,
      font: `${total ? 'bold ' : ''}12px system-ui, sans-serif`,
      offsetY: -14,
      padding: [2, 4, 2, 4],
      fill: new Fill({ color: '#1f2937' }),
      backgroundFill: new Fill({ color: 'rgba(255,255,255,0.92)' }),
      backgroundStroke: new Stroke({ color: COLOUR, width: 1 }),
    }),
  });
}

export interface MeasureToolProps {
  active: boolean;
  /** The length in metres of each line (finished ones, then the one being drawn), after every change. */
  onChange?: (lengths: number[]) => void;
}

export function MeasureTool({ active, onChange }: MeasureToolProps) {
  const { map, unproject } = useMap();
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(() => {
    if (!active) return;
    const distancesOf = (line: LineString) =>
      runningDistances(line.getCoordinates().map(([x, y]) => unproject(x as number, y as number)));

    const style = (feature: FeatureLike): Style | Style[] => {
      const geometry = feature.getGeometry();
      if (geometry instanceof Point) return POINTER;
      if (!(geometry instanceof LineString)) return [];
      const coords = geometry.getCoordinates();
      const distances = distancesOf(geometry);
      const styles = [...LINE];
      coords.forEach((c, i) => {
        if (i === 0) styles.push(new Style({ geometry: new Point(c), image: VERTEX }));
        else styles.push(label(formatLength(distances[i] as number), c, i === coords.length - 1));
      });
      return styles;
    };

    const source = new VectorSource();
    const layer = new VectorLayer({ source, style, zIndex: 60 });
    const detach = attachLayer(map, layer);
    // The right button ends a line rather than adding a point; modifier clicks stay the map's.
    const draw = new Draw({
      source,
      type: 'LineString',
      style,
      condition: (e) => primaryAction(e) && noModifierKeys(e),
    });
    const modify = new Modify({ source });
    map.addInteraction(modify);
    map.addInteraction(draw);

    let sketch: LineString | null = null;
    const lengths = () => {
      const done = source.getFeatures().map((f) => distancesOf(f.getGeometry() as LineString).at(-1) ?? 0);
      const drawing = sketch ? (distancesOf(sketch).at(-1) ?? 0) : null;
      report.current?.(drawing === null ? done : [...done, drawing]);
    };
    const onSketchChange = () => lengths();
    draw.on('drawstart', (e) => {
      sketch = e.feature.getGeometry() as LineString;
      sketch.on('change', onSketchChange);
    });
    const endSketch = () => {
      sketch?.un('change', onSketchChange);
      sketch = null;
    };
    draw.on('drawend', () => {
      endSketch();
      // The feature is added to the source right after drawend.
      queueMicrotask(lengths);
    });
    draw.on('drawabort', () => {
      endSketch();
      lengths();
    });
    modify.on('modifyend', lengths);

    const onContextMenu = (e: MouseEvent) => {
      if (!sketch) return;
      e.preventDefault();
      // A line needs two points; with fewer, finishDrawing drops the sketch.
      draw.finishDrawing();
    };
    const viewport = map.getViewport() as HTMLElement | undefined;
    viewport?.addEventListener('contextmenu', onContextMenu);
    viewport?.classList.add('hw-map--measuring');

    return () => {
      viewport?.removeEventListener('contextmenu', onContextMenu);
      viewport?.classList.remove('hw-map--measuring');
      endSketch();
      map.removeInteraction(draw);
      map.removeInteraction(modify);
      detach();
      report.current?.([]);
    };
  }, [map, unproject, active]);
  return null;
}
