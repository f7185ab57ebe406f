import type { AlarmRealResult } from '@headway/server/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { alarmApi } from '../api';
import { listKey } from '../centre/keys';
import { shareRows } from './shared-rows';

/**
 * Fresh this long: the answer of a fetch started at the click (`prefetchFirstList`) is not asked for again when
 * the dialog mounts a moment later; any later opening, filter or live refresh asks anew.
 */
const FRESH_MS = 2_000;

/**
 * The live list of one line filter. Fetched only while the alarm dialog is open (the badge asks for the count
 * alone); live alarms refresh it at most every 10 s (centre/live-refresh.ts), the spec's 30 s poll besides. Rows
 * keep their identity across fetches while unchanged (shared-rows.ts).
 */
export const listQuery = (routeId: number | undefined) =>
  queryOptions({
    queryKey: listKey(routeId),
    queryFn: () => alarmApi.real(routeId),
    staleTime: FRESH_MS,
    structuralSharing: (previous: unknown, next: unknown) =>
      shareRows(previous as AlarmRealResult | undefined, next as AlarmRealResult),
  });

/**
 * The first opening of the alarm dialog (always unfiltered) starts its list's fetch at once, beside the dialog's
 * chunk and first render rather than after them. Later openings find the dialog mounted and its rows cached.
 */
export function prefetchFirstList(client: QueryClient): void {
  const key = listKey(undefined);
  if (client.getQueryState(key) === undefined) void client.prefetchQuery(listQuery(undefined));
}
