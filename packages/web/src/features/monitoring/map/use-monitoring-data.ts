import type { OwnLine, VehicleTreeGrouping } from '@headway/server/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FleetChanges, onFleet, sendToLive } from '../../../live/client';
import { useLiveMessages } from '../../../live/use-live';
import { mapApi } from './api';
import type { VehicleChanges } from './components/MapVehicles';
import { FleetView } from './fleet-view';

/** Spec section 9: full position refresh every 90 s, vehicle tree every hour. */
export const FULL_REFRESH_MS = 90_000;
export const TREE_REFRESH_MS = 60 * 60_000;

/** The screen listens to no other command yet; the subscription keeps the live channel open. */
const ignore = () => {};

/**
 * Everything the map screen shows, in one hook: the tree, the lines, the full live refresh and the live
 * worker's vehicle changes (at most two a second, live/live-worker-core.ts), in one FleetView. While the
 * live channel is down the full refresh runs at the settings' refresh frequency instead of every 90 s.
 */
export function useMonitoringData(groupBy: VehicleTreeGrouping, refreshSeconds: number) {
  const model = useMemo(() => new FleetView(), []);
  const listeners = useRef(new Set<(changes: FleetChanges) => void>());
  const [version, setVersion] = useState(0);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);

  const onChanges = useCallback<VehicleChanges>((listener) => {
    listeners.current.add(listener);
    return () => listeners.current.delete(listener);
  }, []);

  useEffect(
    () =>
      onFleet((changes) => {
        if (!model.apply(changes)) return;
        for (const l of listeners.current) l(changes);
        setVersion((v) => v + 1);
        if (changes.count > 0) setUpdatedAt(Date.now());
      }),
    [model],
  );
  // Leaving the screen frees the worker's copy of the fleet.
  useEffect(() => () => sendToLive({ type: 'fleet-drop' }), []);

  const liveStatus = useLiveMessages(ignore);

  const tree = useQuery({
    queryKey: ['monitoring', 'tree', groupBy],
    queryFn: () => mapApi.tree(groupBy),
    refetchInterval: TREE_REFRESH_MS,
  });
  const lines = useQuery({ queryKey: ['monitoring', 'lines'], queryFn: mapApi.lines, staleTime: 10 * 60_000 });
  const real = useQuery({
    queryKey: ['monitoring', 'real'],
    queryFn: mapApi.real,
    refetchInterval: liveStatus === 'connected' ? FULL_REFRESH_MS : refreshSeconds * 1000,
  });

  /** Bumped by every full refresh: the set of vehicles may have changed. */
  const [roster, setRoster] = useState(0);
  useEffect(() => {
    if (!real.data) return;
    const next = model.roster + 1;
    model.load(next, real.data.rows);
    sendToLive({ type: 'fleet-load', roster: next, rows: real.data.rows });
    setRoster(next);
  }, [real.data, model]);

  const lineByCode = useMemo(
    () => new Map<string, OwnLine>((lines.data ?? []).map((l) => [l.route_code, l])),
    [lines.data],
  );

  return {
    model,
    version,
    loaded: roster > 0,
    roster,
    onChanges,
    liveStatus,
    updatedAt,
    tree: tree.data ?? [],
    lines: lines.data ?? [],
    lineByCode,
    refetchTree: tree.refetch,
  };
}
