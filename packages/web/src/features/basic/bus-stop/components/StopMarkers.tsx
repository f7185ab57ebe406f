import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import Modify from 'ol/interaction/Modify';
import VectorLayer from 'ol/layer/Vector';
import type MapBrowserEvent from 'ol/MapBrowserEvent';
import VectorSource from 'ol/source/Vector';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import { useEffect, useRef } from 'react';
import { attachLayer, useMap } from '../../../../map';

// Bus stops on a map: every stop as a dot with its name (the union view), and in the stop dialog one movable
// marker — a click puts it there, dragging moves it.

export interface StopPoint {
  id: number;
  name: string;
  lat: number;
  lng: number;
}

const markerStyle = (name: string, colour: string) =>
  new Style({
    image: new Circle({
      radius: 7,
      fill: new Fill({ color: colour }),
      stroke: new Stroke({ color: '#fff', width: 2 }),
    }),
    text: new Text({
      text: name,
      offsetY: -16,
      font: '12px sans-serif',
      fill: new Fill({ color: '#1f1f1f' }),
      stroke: new Stroke({ color: '#fff', width: 3 }),
    }),
  });

/** Every stop, fitted into view; `onPick` when one is clicked. */
export function StopsLayer({ stops, onPick }: { stops: StopPoint[]; onPick?: (id: number) => void }) {
  const { map, project } = useMap();
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    const source = new VectorSource();
    for (const s of stops) {
      const feature = new Feature(new Point(project(s.lng, s.lat)));
      feature.setId(s.id);
      feature.setStyle(markerStyle(s.name, '#1677ff'));
      source.addFeature(feature);
    }
    const detach = attachLayer(map, new VectorLayer({ source, zIndex: 80 }));
    const extent = source.getExtent();
    if (stops.length && extent) map.getView().fit(extent, { padding: [40, 40, 40, 40], maxZoom: 16 });
    const onClick = (e: MapBrowserEvent) => {
      const hit = map.forEachFeatureAtPixel(e.pixel, (f) => f);
      const id = hit?.getId();
      if (typeof id === 'number') pick.current?.(id);
    };
    map.on('click', onClick);
    return () => {
      map.un('click', onClick);
      detach();
    };
  }, [map, project, stops]);
  return null;
}

/** One movable marker at `at` (null: none yet); reports where the user puts it. */
export function StopMarker({
  at,
  name,
  onMove,
}: {
  at: { lat: number; lng: number } | null;
  name: string;
  onMove: (lat: number, lng: number) => void;
}) {
  const { map, project, unproject } = useMap();
  const move = useRef(onMove);
  move.current = onMove;
  const layerRef = useRef<VectorLayer | null>(null);
  const startRef = useRef(at);
  const nameRef = useRef(name);
  nameRef.current = name;

  useEffect(() => {
    const source = new VectorSource();
    const start = startRef.current;
    if (start) {
      source.addFeature(new Feature(new Point(project(start.lng, start.lat))));
      map.getView().setCenter(project(start.lng, start.lat));
    }
    const layer = new VectorLayer({ source, zIndex: 90, style: () => markerStyle(nameRef.current, '#fa541c') });
    layerRef.current = layer;
    const detach = attachLayer(map, layer);
    const emit = (coordinate: number[]) => {
      const [lng, lat] = unproject(coordinate[0] ?? 0, coordinate[1] ?? 0);
      move.current(lat, lng);
    };
    const modify = new Modify({ source });
    modify.on('modifyend', (e) => {
      const geometry = e.features.item(0)?.getGeometry();
      if (geometry instanceof Point) emit(geometry.getCoordinates());
    });
    map.addInteraction(modify);
    const onClick = (e: MapBrowserEvent) => {
      const marker = source.getFeatures()[0];
      if (marker) (marker.getGeometry() as Point).setCoordinates(e.coordinate);
      else source.addFeature(new Feature(new Point(e.coordinate)));
      emit(e.coordinate);
    };
    map.on('click', onClick);
    return () => {
      map.un('click', onClick);
      map.removeInteraction(modify);
      detach();
    };
  }, [map, project, unproject]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new name restyles the marker
  useEffect(() => {
    layerRef.current?.changed();
  }, [name]);
  return null;
}
