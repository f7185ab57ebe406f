import { useEffect, useMemo, useRef } from 'react';
import { ClusterLayer, useMap, VehicleFeatures, VehicleLabelsLayer, VehiclesLayer } from '../../../../map';
import { type LiveVehicles, type VehicleEntry, visiblePoints } from '../live-vehicles';

export type VehicleChanges = (listener: (changed: readonly VehicleEntry[]) => void) => () => void;

export interface MapVehiclesProps {
  model: LiveVehicles;
  /** Subscribes to applied (throttled) changes of the model. */
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

/** Bridges the screen's live model to the map kit's vehicle layers; lives inside <MapProvider>. */
export function MapVehicles({ model, onChanges, visible, selected, onSelect, clustered, onDrawn }: MapVehiclesProps) {
  const { map, project } = useMap();
  // One feature set per mount; a later datum re-projects it in place (below).
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once per mount
  const features = useMemo(() => new VehicleFeatures(project), []);
  const visibleRef = useRef(visible);
  visibleRef.current = visible;

  // A provider in another datum: every point projected again.
  const firstProject = useRef(project);
  useEffect(() => {
    if (firstProject.current === project) return;
    firstProject.current = project;
    features.reproject(project);
  }, [features, project]);

  // Checked set changed: drop unchecked vehicles, add checked ones.
  useEffect(() => {
    const now = Date.now() / 1000;
    features.retain(visible);
    features.apply(visiblePoints(model.entries.values(), visible, now));
  }, [features, model, visible]);

  // Live and full-refresh changes, already throttled by the screen.
  useEffect(
    () =>
      onChanges((changed) => {
        const points = visiblePoints(changed, visibleRef.current, Date.now() / 1000);
        if (points.length > 0) features.apply(points);
      }),
    [features, onChanges],
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
      if (hit) onSelect(hit);
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
