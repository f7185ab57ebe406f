import { useQuery } from '@tanstack/react-query';
import type { Coordinate } from 'ol/coordinate';
import Draw from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import VectorImageLayer from 'ol/layer/VectorImage';
import type OlMap from 'ol/Map';
import { unByKey } from 'ol/Observable';
import Overlay from 'ol/Overlay';
import VectorSource from 'ol/source/Vector';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMap } from '../../../map';
import { regionApi, regionKeys } from '../api';
import { RegionPopup } from './RegionPopup';
import { type RegionFeatureInfo, regionFeatures } from './region-features';
import { regionStyles } from './region-style';
import './regions-layer.css';

// Every region the user sees, under everything else the maps draw (lines 10, stops 20, tracks 30, vehicles 40),
// with a click on a region opening its detail. A VectorImage layer: the regions are drawn to an image when the
// view settles and that image is reused while vehicles move over it, so 10,000 regions cost nothing per frame.

/** Just above the base tiles. */
export const REGIONS_Z_INDEX = 5;
/**
 * The vehicles' own layers (track points 35, labels 39, icons 40, clusters 41) take a click before a region under
 * them; tools and highlights above (measure 60, the fence selector's 65/70) do not hide a region's detail.
 */
const VEHICLE_Z_INDEX = { from: 35, below: 50 } as const;
/** Pixels around a click that still hit a region's edge or a thin path. */
const HIT_TOLERANCE = 4;
/** Shapes change only when someone edits a region (which invalidates regionKeys.all anyway). */
const SHAPES_STALE_MS = 60_000;

/** A drawing or editing tool (the fence selector's, the measuring tool) owns clicks while it is on. */
function drawing(map: OlMap): boolean {
  return map
    .getInteractions()
    .getArray()
    .some((i) => (i instanceof Draw || i instanceof Modify) && i.getActive());
}

interface Open {
  region: RegionFeatureInfo;
  at: Coordinate;
}

/**
 * The regions layer (inside a MapProvider). A map feature that handles a click itself (the live map's vehicles)
 * calls `event.stopPropagation()` on the map's `singleclick`, and the region under it then stays closed.
 */
export function RegionsLayer({ onDrawn }: { onDrawn?: (count: number) => void } = {}) {
  const { map, project } = useMap();
  const shapes = useQuery({ queryKey: regionKeys.shapes, queryFn: regionApi.shapes, staleTime: SHAPES_STALE_MS });
  const [layer, setLayer] = useState<VectorImageLayer<VectorSource> | null>(null);
  const [open, setOpen] = useState<Open | null>(null);

  useEffect(() => {
    const view = map.getView();
    // One zoom per resolution, not one per feature.
    let lastResolution = Number.NaN;
    let zoom = 0;
    const source = new VectorSource();
    const created = new VectorImageLayer({
      source,
      zIndex: REGIONS_Z_INDEX,
      imageRatio: 1.5,
      declutter: 'regions',
      style: (feature, resolution) => {
        if (resolution !== lastResolution) {
          lastResolution = resolution;
          zoom = view.getZoomForResolution(resolution) ?? 0;
        }
        return regionStyles(feature, resolution, zoom);
      },
      properties: { name: 'regions' },
    });
    map.addLayer(created);
    setLayer(created);
    return () => {
      map.removeLayer(created);
      source.dispose();
      setLayer(null);
    };
  }, [map]);

  // The features: once per answer (and per base map datum), never per frame.
  useEffect(() => {
    const source = layer?.getSource();
    if (!source) return;
    source.clear(true);
    const features = regionFeatures(shapes.data ?? [], project);
    source.addFeatures(features);
    onDrawn?.(features.length);
    // A region deleted (or no longer shared) meanwhile takes its popup with it.
    setOpen((o) => (o && source.getFeatureById(o.region.id) ? o : null));
  }, [layer, shapes.data, project, onDrawn]);

  useEffect(() => {
    if (!layer) return;
    const key = map.on('singleclick', (event) => {
      // Decided after the click's other listeners: whichever took it has stopped its propagation by then.
      queueMicrotask(() => {
        if (event.propagationStopped || drawing(map)) return;
        const above = map.forEachFeatureAtPixel(event.pixel, () => true, {
          layerFilter: (l) => {
            const z = l.getZIndex() ?? 0;
            return l !== layer && z >= VEHICLE_Z_INDEX.from && z < VEHICLE_Z_INDEX.below;
          },
          hitTolerance: HIT_TOLERANCE,
        });
        if (above) return;
        const hit = map.forEachFeatureAtPixel(event.pixel, (f) => f, {
          layerFilter: (l) => l === layer,
          hitTolerance: HIT_TOLERANCE,
        });
        const region = hit?.get('region') as RegionFeatureInfo | undefined;
        setOpen(region ? { region, at: event.coordinate } : null);
      });
    });
    return () => unByKey(key);
  }, [map, layer]);

  // The popup: an overlay over the map (it pans the map to fit), its content rendered by React into it.
  const element = useMemo(() => {
    const div = document.createElement('div');
    div.className = 'hw-region-popup-host';
    return div;
  }, []);
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  useEffect(() => {
    const created = new Overlay({
      element,
      positioning: 'bottom-center',
      offset: [0, -12],
      stopEvent: true,
      autoPan: { animation: { duration: 200 }, margin: 16 },
    });
    map.addOverlay(created);
    setOverlay(created);
    return () => {
      map.removeOverlay(created);
      setOverlay(null);
    };
  }, [map, element]);
  useEffect(() => {
    overlay?.setPosition(open?.at);
  }, [overlay, open]);

  return open ? createPortal(<RegionPopup region={open.region} onClose={() => setOpen(null)} />, element) : null;
}
