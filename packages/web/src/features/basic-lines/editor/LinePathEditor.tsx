import type { PathPoint } from '@headway/spec';
import { containsExtent } from 'ol/extent';
import Feature from 'ol/Feature';
import LineString from 'ol/geom/LineString';
import Point from 'ol/geom/Point';
import Draw from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import VectorLayer from 'ol/layer/Vector';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import VectorSource from 'ol/source/Vector';
import { useEffect, useRef } from 'react';
import { attachLayer, useMap } from '../../../map';
import type { DraftStation } from './direction-draft';
import { DRAWING_STYLE, OTHER_DIRECTION_STYLE, ROUTE_STYLE, stationStyle } from './line-styles';

// The line editor's map layers (attached to the surrounding <MapProvider>): the direction's path drawn with
// OpenLayers Draw (a polyline, region type 4's gesture: a click per point, a double-click finishes) and then
// edited with Modify; its stations; the other direction faint. In station mode a click places a station.

export type EditorMode = 'path' | 'stations';

/** How long after a path is finished its finishing double-click may still arrive (it must not zoom the map). */
const FINISH_DBLCLICK_MS = 600;

export interface LinePathEditorProps {
  path: PathPoint[];
  stations: DraftStation[];
  other: PathPoint[];
  mode: EditorMode;
  /** A new value throws the drawing away and starts from `path` again (direction switched, redraw). */
  resetKey: string;
  onPath: (path: PathPoint[]) => void;
  onPlace: (at: PathPoint) => void;
}

export function LinePathEditor({ path, stations, other, mode, resetKey, onPath, onPlace }: LinePathEditorProps) {
  const { map, project, unproject } = useMap();
  const pathRef = useRef(path);
  pathRef.current = path;
  const onPathRef = useRef(onPath);
  onPathRef.current = onPath;
  const onPlaceRef = useRef(onPlace);
  onPlaceRef.current = onPlace;

  const toView = (points: readonly PathPoint[]) => points.map(([lat, lng]) => project(lng, lat));
  const fromView = (coords: number[][]): PathPoint[] =>
    coords.map((c) => {
      const [lng, lat] = unproject(c[0] ?? 0, c[1] ?? 0);
      return [lat, lng];
    });

  // The path: Draw when there is none yet, Modify once there is one (in path mode).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is read at reset; later edits come from Modify
  useEffect(() => {
    const source = new VectorSource();
    const layer = new VectorLayer({ source, style: ROUTE_STYLE, zIndex: 70 });
    const detach = attachLayer(map, layer);
    const start = pathRef.current;
    if (start.length >= 2) {
      const line = new LineString(toView(start));
      source.addFeature(new Feature(line));
      // Framed only when not already in view: switching between drawing and placing keeps the user's view.
      const size = map.getSize();
      const inView = size ? containsExtent(map.getView().calculateExtent(size), line.getExtent()) : false;
      if (!inView) map.getView().fit(line.getExtent(), { padding: [48, 48, 48, 48], maxZoom: 17 });
    }
    const modify = new Modify({ source, style: DRAWING_STYLE });
    modify.on('modifyend', (e) => {
      const geometry = e.features.item(0)?.getGeometry();
      if (geometry instanceof LineString) onPathRef.current(fromView(geometry.getCoordinates()));
    });

    let finishing: ReturnType<typeof setTimeout> | undefined;
    const swallowFinish = (e: MapBrowserEvent) => {
      if (e.type !== 'dblclick' || finishing === undefined) return true;
      clearTimeout(finishing);
      finishing = undefined;
      return false;
    };
    map.on('dblclick', swallowFinish);
    let draw: Draw | null = null;
    if (mode === 'path') {
      if (start.length >= 2) map.addInteraction(modify);
      else {
        const drawing = new Draw({ source, type: 'LineString', style: DRAWING_STYLE });
        draw = drawing;
        drawing.on('drawend', (e) => {
          const geometry = e.feature.getGeometry();
          if (!(geometry instanceof LineString)) return;
          clearTimeout(finishing);
          finishing = setTimeout(() => {
            finishing = undefined;
          }, FINISH_DBLCLICK_MS);
          map.removeInteraction(drawing);
          map.addInteraction(modify);
          onPathRef.current(fromView(geometry.getCoordinates()));
        });
        map.addInteraction(drawing);
      }
    }
    const onClick = (e: MapBrowserEvent) => {
      const [lng, lat] = unproject(e.coordinate[0] ?? 0, e.coordinate[1] ?? 0);
      onPlaceRef.current([lat, lng]);
    };
    if (mode === 'stations') map.on('click', onClick);
    return () => {
      clearTimeout(finishing);
      map.un('dblclick', swallowFinish);
      map.un('click', onClick);
      if (draw) map.removeInteraction(draw);
      map.removeInteraction(modify);
      detach();
    };
  }, [map, project, unproject, mode, resetKey]);

  // Stations and the other direction: redrawn whenever they change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: toView follows project
  useEffect(() => {
    const source = new VectorSource();
    if (other.length >= 2) {
      const feature = new Feature(new LineString(toView(other)));
      feature.setStyle(OTHER_DIRECTION_STYLE);
      source.addFeature(feature);
    }
    stations.forEach((s, i) => {
      const feature = new Feature(new Point(project(s.lng, s.lat)));
      feature.setStyle(stationStyle(i + 1, s.name));
      source.addFeature(feature);
    });
    const layer = new VectorLayer({ source, zIndex: 80 });
    return attachLayer(map, layer);
  }, [map, project, stations, other]);

  return null;
}
