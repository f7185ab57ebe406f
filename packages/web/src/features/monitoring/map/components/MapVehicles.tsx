import { useEffect, useMemo, useRef } from 'react';
import { type FleetChanges, sendToLive } from '../../../../live/client';
import { ClusterLayer, useMap, VehicleFeatures, VehicleLabelsLayer, VehiclesLayer } from '../../../../map';
import type { FleetView } from '../fleet-view';

export type VehicleChanges = (listener: (changes: FleetChanges) => void) => () => void;

export interface MapVehiclesProps {
  model: FleetView;
  /** Subscribes to the worker's changes, after the model has taken them. */
  onChanges: VehicleChanges;
  /** IMEIs checked in the tree: only these are drawn. */
  visible: ReadonlySet<string>;
  selected: string | null;
  onSelect: (imei: string | null) => void;
  clustered: boolean;
  /** Told how many vehicles are drawn after every change (status line, tests). */
  onDrawn?: (count: number) => void;
}

/** Pixels around a click that still pick a vehicle (the icon stands above its position). */
const PICK_PX = 18;

/** Bridges the screen's fleet view to the map kit's vehicle layers; lives inside <MapProvider>. */
export function MapVehicles({ model, onChanges, visible, selected, onSelect, clustered, onDrawn }: MapVehiclesProps) {
  const { map, datum } = useMap();
  const features = useMemo(() => new VehicleFeatures(), []);
  const visibleRef = useRef(visible);
  visibleRef.current = visible;
  /** The checked set as a mask over the roster it was computed for. */
  const shown = useRef<{ roster: number; mask: ArrayLike<number> }>({ roster: -1, mask: [] });
  const maskOf = (roster: number) => {
    if (shown.current.roster !== roster) shown.current = { roster, mask: model.shown(visibleRef.current) };
    return shown.current.mask;
  };

  // The worker projects positions for the base map's datum; a new datum re-posts every vehicle.
  useEffect(() => sendToLive({ type: 'fleet-datum', datum }), [datum]);

  // Checked set (or roster) changed: drop unchecked vehicles, add checked ones.
  useEffect(() => {
    shown.current = { roster: model.roster, mask: model.shown(visible) };
    features.show(model, shown.current.mask);
  }, [features, model, visible]);

  // The worker's changes: only the vehicles in the post are touched.
  // biome-ignore lint/correctness/useExhaustiveDependencies: maskOf reads refs only
  useEffect(
    () => onChanges((changes) => features.apply(model, changes.index, changes.count, maskOf(changes.roster))),
    [features, model, onChanges],
  );

  useEffect(() => {
    if (!onDrawn) return;
    onDrawn(features.size);
    return features.subscribe(() => onDrawn(features.size));
  }, [features, onDrawn]);

  useEffect(() => {
    const key = map.on('singleclick', (event) => {
      const resolution = map.getView().getResolution() ?? 1;
      // Aim at the icon's body, half an icon above the anchor.
      const [x, y] = event.coordinate as [number, number];
      const hit = features.nearest([x, y - 14 * resolution], PICK_PX * resolution);
      if (hit) {
        // The vehicle takes the click: a region under it (RegionsLayer) stays closed.
        event.stopPropagation();
        onSelect(hit);
      }
    });
    return () => map.un('singleclick', key.listener);
  }, [map, features, onSelect]);

  return (
    <>
      <VehiclesLayer features={features} clustered={clustered} />
      {clustered && <ClusterLayer features={features} />}
      <VehicleLabelsLayer features={features} selected={selected} />
    </>
  );
}
