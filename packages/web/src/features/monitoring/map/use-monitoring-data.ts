import type { OwnLine, VehicleTreeGrouping } from '@headway/server/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FleetChanges, onFleet, refreshFleet, sendToLive } from '../../../live/client';
import { useLiveMessages } from '../../../live/use-live';
import { mapApi } from './api';
import type { VehicleChanges } from './components/MapVehicles';
import { FleetView } from './fleet-view';

/** Spec section 9: full position refresh every 90 s, vehicle tree every hour. */
const FULL_REFRESH_MS = 90_000;
const TREE_REFRESH_MS = 60 * 60_000;

/** How often the refresh loop checks whether a full refresh is due. */
const REFRESH_TICK_MS = 1_000;

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
  const refreshMs = liveStatus === 'connected' ? FULL_REFRESH_MS : refreshSeconds * 1000;
  const roster = useFleetRefresh(model, refreshMs);

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

/**
 * The full refresh (GET /basic/cars/real) now and every `intervalMs`, fetched and parsed by the live worker
 * (live/client.ts refreshFleet). Per mount rather than a cached query: the model is the mount's own. Returns
 * the loaded roster number (0 before the first).
 */
function useFleetRefresh(model: FleetView, intervalMs: number): number {
  const [roster, setRoster] = useState(0);
  const interval = useRef(intervalMs);
  interval.current = intervalMs;

  useEffect(() => {
    const abort = new AbortController();
    let last = Number.NEGATIVE_INFINITY;
    let running = false;
    const run = async () => {
      running = true;
      last = Date.now();
      try {
        const loaded = await refreshFleet(abort.signal);
        if (abort.signal.aborted) return;
        // Runs before the worker's changes for this roster are delivered (they are the next message).
        model.load(loaded);
        setRoster(loaded.roster);
      } catch {
        // Told to the user by the request's failure reaction; the next refresh tries again.
      } finally {
        running = false;
      }
    };
    // A tick rather than one timer per interval: a new interval (live channel up or down) applies at once.
    const tick = setInterval(() => {
      if (!running && Date.now() - last >= interval.current) void run();
    }, REFRESH_TICK_MS);
    void run();
    return () => {
      abort.abort();
      clearInterval(tick);
    };
  }, [model]);
  return roster;
}
