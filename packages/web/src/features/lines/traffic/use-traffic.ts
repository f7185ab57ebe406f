import type { TrafficChange } from '@headway/server/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { LiveMessage } from '../../../live/client';
import { useLiveMessages } from '../../../live/use-live';
import { linesApi, linesKeys, type TrafficRow } from '../api';

// Station traffic states of a line (GET /dispatch/traffic), kept current by the live channel's `traffic` command:
// a change made in any console of the company reaches every open line map and traffic window.

function isTrafficChange(data: unknown): data is TrafficChange {
  const d = data as Partial<TrafficChange> | null;
  return typeof d?.key === 'number' && typeof d.route_code === 'string' && typeof d.traffic_status === 'number';
}

/** Applies a change to the cached states of its line (nothing when that line was never loaded). */
export function applyTrafficChange(client: QueryClient, change: TrafficChange): void {
  client.setQueryData<TrafficRow[]>(linesKeys.traffic(change.route_code), (rows) =>
    rows?.map((r) =>
      r.key === change.key ? { ...r, traffic_status: change.traffic_status, updated_at: change.updated_at } : r,
    ),
  );
}

/** Listens to live traffic changes while mounted. */
export function useLiveTraffic(): void {
  const client = useQueryClient();
  const listener = useCallback(
    (message: LiveMessage) => {
      if (message.cmd === 'traffic' && isTrafficChange(message.data)) applyTrafficChange(client, message.data);
    },
    [client],
  );
  useLiveMessages(listener);
}

/** The line's traffic rows and a station id → status map for the diagram. */
export function useTraffic(routeCode: string) {
  const query = useQuery({
    queryKey: linesKeys.traffic(routeCode),
    queryFn: () => linesApi.traffic(routeCode),
    // Changes arrive live; a reconnect gap is covered by refetching when the screen comes back into view.
    staleTime: 60_000,
  });
  const byStation = useMemo(() => new Map((query.data ?? []).map((r) => [r.key, r.traffic_status])), [query.data]);
  return { query, byStation };
}
