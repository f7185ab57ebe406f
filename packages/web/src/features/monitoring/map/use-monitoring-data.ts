import type { OwnLine, RealData, VehicleTreeGrouping } from '@headway/server/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { gpsOf, type LiveMessage } from '../../../live/client';
import { useLiveMessages } from '../../../live/use-live';
import { throttleBatches } from '../../../map';
import { mapApi } from './api';
import type { VehicleChanges } from './components/MapVehicles';
import { LiveVehicles, type VehicleEntry } from './live-vehicles';

/** Spec section 9: full position refresh every 90 s, vehicle tree every hour. */
export const FULL_REFRESH_MS = 90_000;
export const TREE_REFRESH_MS = 60 * 60_000;
/** Live batches reach the map and the tree at most twice a second. */
export const APPLY_INTERVAL_MS = 500;

/**
 * Everything the map screen shows, in one hook: the tree, the lines, the full live refresh and the STOMP
 * gps stream, merged into one LiveVehicles model. While the live channel is down the full refresh runs at
 * the settings' refresh frequency instead of every 90 s.
 */
export function useMonitoringData(groupBy: VehicleTreeGrouping, refreshSeconds: number) {
  const model = useMemo(() => new LiveVehicles(), []);
  const listeners = useRef(new Set<(changed: readonly VehicleEntry[]) => void>());
  const [version, setVersion] = useState(0);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);

  const publish = useCallback((changed: readonly VehicleEntry[]) => {
    for (const l of listeners.current) l(changed);
    setVersion((v) => v + 1);
    setUpdatedAt(Date.now());
  }, []);

  const onChanges = useCallback<VehicleChanges>((listener) => {
    listeners.current.add(listener);
    return () => listeners.current.delete(listener);
  }, []);

  const throttle = useMemo(
    () =>
      throttleBatches<RealData>(
        (d) => d.imei,
        (batch) => publish(model.merge(batch)),
        APPLY_INTERVAL_MS,
      ),
    [model, publish],
  );
  useEffect(() => () => throttle.cancel(), [throttle]);

  const onMessage = useCallback(
    (message: LiveMessage) => {
      const gps = gpsOf(message);
      if (gps) throttle.push(gps);
    },
    [throttle],
  );
  const liveStatus = useLiveMessages(onMessage);

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
    throttle.flush();
    publish(model.load(real.data.rows));
    setRoster((r) => r + 1);
  }, [real.data, model, publish, throttle]);

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
