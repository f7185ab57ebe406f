import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { onSessionReset } from '../../../auth/session-store';
import { alarmApi } from '../api';
import { prefetchFirstList } from '../list/list-query';
import { AlarmPopups } from '../popups/AlarmPopups';
import { alarmCentre, useAlarmCentre } from './centre-store';
import { COUNT_KEY, POLL_MS, PREFERENCES_KEY } from './keys';
import { SOS_CODE } from './popup-rules';
import { useLiveAlarms } from './use-live-alarms';

// Logout clears the badge, the popups and the dialogs (spec section 4 "Session": alarm state is cleared).
onSessionReset(alarmCentre.reset);

// Each dialog is its own chunk, loaded the first time it opens; the evidence modals are the evidence feature's.
const AlarmDialog = lazy(() => import('../list/AlarmDialog'));
const DetailsDialog = lazy(() => import('../details/DetailsDialog'));
const FilterDialog = lazy(() => import('../preferences/FilterDialog'));
const AlarmModal = lazy(() => import('../evidence/AlarmModal'));
const SosModal = lazy(() => import('../evidence/SosModal'));

/** True from the first time `open` is: a dialog stays mounted after that, so it can animate closed. */
function useOpened(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}

/**
 * The badge's count from the 30 s poll (the count alone: the list is the alarm dialog's, fetched while it is open),
 * and the user's notice preferences for the popup rule.
 */
function useCentreData(): void {
  const real = useQuery({
    queryKey: COUNT_KEY,
    queryFn: alarmApi.realCount,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  // By fetch time, not by value: a poll answering the same total must still replace a count the live path raised.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by fetch time (dataUpdatedAt), not by value
  useEffect(() => {
    if (real.data) alarmCentre.setUnread(real.data.total);
  }, [real.dataUpdatedAt]);
  const preferences = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: alarmApi.preferences,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (preferences.data) alarmCentre.setNotices(preferences.data);
  }, [preferences.data]);
}

/** The alarm centre: mounted once in the shell for users who may see alarms (slots.tsx). */
export default function AlarmCentre() {
  useCentreData();
  useLiveAlarms();
  const client = useQueryClient();
  const listOpen = useAlarmCentre((s) => s.listOpen);
  useEffect(() => {
    if (listOpen) prefetchFirstList(client);
  }, [listOpen, client]);
  const detailsOpen = useAlarmCentre((s) => s.details !== null);
  const filterOpen = useAlarmCentre((s) => s.filterOpen);
  const evidence = useAlarmCentre((s) => s.evidence);
  const list = useOpened(listOpen);
  const details = useOpened(detailsOpen);
  const filter = useOpened(filterOpen);
  const closeEvidence = () => alarmCentre.openEvidence(null);
  return (
    <>
      <AlarmPopups />
      {/* One boundary each: a dialog's chunk loading must not hide another dialog already open. */}
      <Suspense fallback={null}>{list && <AlarmDialog />}</Suspense>
      <Suspense fallback={null}>{details && <DetailsDialog />}</Suspense>
      <Suspense fallback={null}>{filter && <FilterDialog />}</Suspense>
      <Suspense fallback={null}>
        {evidence &&
          (evidence.platform_alarm_id === SOS_CODE ? (
            <SosModal key={evidence.id} alarm={evidence} onClose={closeEvidence} />
          ) : (
            <AlarmModal key={evidence.id} alarm={evidence} onClose={closeEvidence} />
          ))}
      </Suspense>
    </>
  );
}
