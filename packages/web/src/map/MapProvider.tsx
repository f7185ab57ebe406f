import { defaults as defaultControls, ScaleLine } from 'ol/control';
import OlMap from 'ol/Map';
import View from 'ol/View';
import 'ol/ol.css';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { type Datum, fromView, toView } from './coords';
import './map.css';

// The one map instance of a screen, provided by context (STYLE "Map layers as components"): layers are
// children that attach on mount and detach on unmount; nothing holds the map in a global.

export interface MapContextValue {
  map: OlMap;
  /** Datum of the current base provider: every layer projects WGS-84 through it. */
  datum: Datum;
  /** WGS-84 → view; with `out`, writes into it (per-batch loops, see coords.toView). */
  project: (lng: number, lat: number, out?: number[]) => [number, number];
  unproject: (x: number, y: number) => [number, number];
}

const MapContext = createContext<MapContextValue | null>(null);

export function useMap(): MapContextValue {
  const value = useContext(MapContext);
  if (!value) throw new Error('useMap outside <MapProvider>');
  return value;
}

export interface MapProviderProps {
  datum: Datum;
  /** Initial centre (WGS-84 lng/lat) and zoom. */
  center: [number, number];
  zoom: number;
  /**
   * What the map shows, in the user's language: its name for assistive technology (the canvas itself has none)
   * and the zoom buttons' tooltips.
   */
  labels: { name: string; zoomIn: string; zoomOut: string };
  className?: string;
  children?: ReactNode;
}

export function MapProvider({ datum, center, zoom, labels, className, children }: MapProviderProps) {
  const target = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<OlMap | null>(null);

  // The map is created once per mount; centre, zoom and datum only seed it (later datums move the view below).
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per mount
  useEffect(() => {
    const instance = new OlMap({
      controls: defaultControls({
        attribution: true,
        rotate: false,
        zoomOptions: { zoomInTipLabel: labels.zoomIn, zoomOutTipLabel: labels.zoomOut },
      }).extend([new ScaleLine()]),
      view: new View({ center: toView(datum, center[0], center[1]), zoom, maxZoom: 20, minZoom: 3 }),
    });
    instance.setTarget(target.current ?? undefined);
    setMap(instance);
    return () => {
      instance.setTarget(undefined);
      instance.dispose();
    };
  }, []);

  // The controls are made once: a language change renames their buttons in place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the buttons exist once the map does
  useEffect(() => {
    const root = target.current;
    root?.querySelector('.ol-zoom-in')?.setAttribute('title', labels.zoomIn);
    root?.querySelector('.ol-zoom-out')?.setAttribute('title', labels.zoomOut);
  }, [map, labels.zoomIn, labels.zoomOut]);

  // A provider in another datum moves the view's centre with it, so the same place stays in view.
  const previous = useRef(datum);
  useEffect(() => {
    if (!map || previous.current === datum) return;
    const view = map.getView();
    const c = view.getCenter();
    if (c) {
      const [lng, lat] = fromView(previous.current, c[0] as number, c[1] as number);
      view.setCenter(toView(datum, lng, lat));
    }
    previous.current = datum;
  }, [map, datum]);

  const value = useMemo<MapContextValue | null>(
    () =>
      map
        ? {
            map,
            datum,
            project: (lng, lat, out) => toView(datum, lng, lat, out),
            unproject: (x, y) => fromView(datum, x, y),
          }
        : null,
    [map, datum],
  );

  return (
    <section className={`hw-map ${className ?? ''}`} aria-label={labels.name}>
      <div ref={target} className="hw-map__canvas" data-testid="map-canvas" />
      {value && <MapContext.Provider value={value}>{children}</MapContext.Provider>}
    </section>
  );
}
