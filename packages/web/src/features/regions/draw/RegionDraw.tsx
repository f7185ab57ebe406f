import type { RegionType } from '@headway/spec';
import Feature from 'ol/Feature';
import type Geometry from 'ol/geom/Geometry';
import Point from 'ol/geom/Point';
import Polygon, { fromExtent } from 'ol/geom/Polygon';
import Draw, { createBox, type Options as DrawOptions } from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import VectorLayer from 'ol/layer/Vector';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import VectorSource from 'ol/source/Vector';
import { useEffect, useRef } from 'react';
import { attachLayer, useMap } from '../../../map';
import { geometryRegionPoint, regionGeometry } from '../map/region-geometry';
import { DRAWING_STYLE } from './draw-style';
import type { DrawGoto } from './use-region-drawing';

// Drawing ONE region shape on the map of the surrounding <MapProvider> with OpenLayers Draw, then editing it with
// Modify (issue 15 "Drawing with OpenLayers Draw/Modify … then editable"). What the user ends up with is reported
// as `region_point` in the stored normal form, or null when there is nothing to save.
//
// Mouse gestures: POI — a click places the marker, another click (or dragging it) moves it; circle and rectangle —
// press, drag, release (freehand: the press is the centre or a corner); polygon and path — a click per vertex, a
// double-click finishes.

/** Zoom of a place chosen in the coordinate box (the selector's close look). */
const GOTO_ZOOM = 16;
/** How long after a shape is finished its finishing double-click may still arrive. */
const FINISH_DBLCLICK_MS = 600;

function drawOptions(type: Exclude<RegionType, 0>, source: VectorSource): DrawOptions {
  switch (type) {
    case 1:
      return { source, type: 'Circle', freehand: true, style: DRAWING_STYLE };
    case 2:
      return { source, type: 'Circle', geometryFunction: createBox(), freehand: true, style: DRAWING_STYLE };
    case 3:
      return { source, type: 'Polygon', style: DRAWING_STYLE };
    case 4:
      return { source, type: 'LineString', style: DRAWING_STYLE };
  }
}

export interface RegionDrawProps {
  type: RegionType;
  /** Shape to start from (editing a region); read when `type` or `resetKey` changes. */
  initial: string | null;
  /** A new value clears the drawing and starts again. */
  resetKey: number;
  /** Centre the map there; a POI's marker moves there too. */
  goto: DrawGoto | null;
  onChange: (regionPoint: string | null) => void;
}

export function RegionDraw({ type, initial, resetKey, goto, onChange }: RegionDrawProps) {
  const { map, project, unproject } = useMap();
  const report = useRef(onChange);
  report.current = onChange;
  const sourceRef = useRef<VectorSource | null>(null);
  const initialRef = useRef(initial);
  initialRef.current = initial;

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey starts the drawing again
  useEffect(() => {
    const source = new VectorSource();
    sourceRef.current = source;
    const layer = new VectorLayer({ source, style: DRAWING_STYLE, zIndex: 70 });
    const detach = attachLayer(map, layer);
    const emit = (geometry: Geometry | undefined) =>
      report.current(geometry ? geometryRegionPoint(type, geometry, unproject) : null);

    const modify = new Modify({ source, style: DRAWING_STYLE });
    modify.on('modifyend', (e) => {
      const feature = e.features.item(0);
      const geometry = feature?.getGeometry();
      // Modify moves one corner of a box on its own: the rectangle is kept a rectangle (its extent).
      if (type === 2 && geometry instanceof Polygon) feature?.setGeometry(fromExtent(geometry.getExtent()));
      emit(feature?.getGeometry());
    });

    const start = initialRef.current ? regionGeometry(type, initialRef.current, project) : null;
    if (start) {
      source.addFeature(new Feature(start));
      const extent = start.getExtent();
      if (type === 0) map.getView().setCenter(extent.slice(0, 2));
      else map.getView().fit(extent, { padding: [48, 48, 48, 48], maxZoom: 18 });
    }
    emit(start ?? undefined);

    let draw: Draw | null = null;
    let onClick: ((e: MapBrowserEvent) => void) | null = null;
    // The double-click that finishes a polygon or path ends the drawing on its second click, so Draw is gone when
    // the browser's dblclick follows and the map would zoom in on it. A map listener returning false stops the
    // event before the interactions; the window closes by itself when no dblclick comes (a click on the start).
    let finishing: ReturnType<typeof setTimeout> | undefined;
    const swallowFinish = (e: MapBrowserEvent) => {
      if (e.type !== 'dblclick' || finishing === undefined) return true;
      clearTimeout(finishing);
      finishing = undefined;
      return false;
    };
    map.on('dblclick', swallowFinish);
    if (type === 0) {
      // A POI is its marker: a click puts it there (the first one or anywhere later), Modify drags it.
      onClick = (e) => {
        const marker = source.getFeatures()[0];
        if (marker) (marker.getGeometry() as Point).setCoordinates(e.coordinate);
        else source.addFeature(new Feature(new Point(e.coordinate)));
        emit(source.getFeatures()[0]?.getGeometry());
      };
      map.on('click', onClick);
      map.addInteraction(modify);
    } else {
      const drawing = new Draw(drawOptions(type, source));
      draw = drawing;
      drawing.on('drawend', (e) => {
        const text = geometryRegionPoint(type, e.feature.getGeometry() as Geometry, unproject);
        if (text === null) {
          // Nothing to save (a polygon of two points): drop it once the source has it, and keep drawing.
          queueMicrotask(() => source.removeFeature(e.feature));
          return;
        }
        // One shape: drawing stops, editing starts.
        clearTimeout(finishing);
        finishing = setTimeout(() => {
          finishing = undefined;
        }, FINISH_DBLCLICK_MS);
        map.removeInteraction(drawing);
        map.addInteraction(modify);
        report.current(text);
      });
      if (start) map.addInteraction(modify);
      else map.addInteraction(drawing);
    }

    return () => {
      clearTimeout(finishing);
      map.un('dblclick', swallowFinish);
      if (onClick) map.un('click', onClick);
      if (draw) map.removeInteraction(draw);
      map.removeInteraction(modify);
      sourceRef.current = null;
      detach();
    };
  }, [map, project, unproject, type, resetKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new seq is a new request
  useEffect(() => {
    if (!goto) return;
    const at = project(goto.lng, goto.lat);
    const view = map.getView();
    view.setCenter(at);
    view.setZoom(GOTO_ZOOM);
    const source = sourceRef.current;
    if (type !== 0 || !source) return;
    const marker = source.getFeatures()[0];
    if (marker) (marker.getGeometry() as Point).setCoordinates(at);
    else source.addFeature(new Feature(new Point(at)));
    report.current(geometryRegionPoint(type, source.getFeatures()[0]?.getGeometry() as Geometry, unproject));
  }, [goto?.seq]);

  return null;
}
