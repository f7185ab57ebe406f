import { useEffect, useRef, useState } from 'react';
import { readSession } from '../auth/session-cookie';
import { onSessionReset, useSession } from '../auth/session-store';
import {
  closeLive,
  type LiveMessage,
  type LiveStatus,
  liveStatus,
  onLiveStatus,
  subscribeLive,
  type WatchListener,
  watchVehicles,
} from './client';

// Logout disconnects the live channel (spec section 4 "Session").
onSessionReset(closeLive);

/** Calls `listener` for every message on the company topic while the component is mounted. */
export function useLiveMessages(listener: (message: LiveMessage) => void): LiveStatus {
  const companyId = useSession((s) => s.user?.company_id);
  const [status, setStatus] = useState<LiveStatus>(liveStatus);
  useEffect(() => onLiveStatus(setStatus), []);
  useEffect(() => {
    const token = readSession()?.token;
    if (!token || companyId === undefined) return;
    return subscribeLive({ token, companyId }, listener);
  }, [companyId, listener]);
  return status;
}

/** A watch needs the connection, not the company topic's other commands. */
const ignore = () => {};

/**
 * Calls `listener` with the newest fixes of `imeis` (real_data's key) while the component is mounted, and keeps
 * the connection open meanwhile. The listener may change between renders without renewing the watch.
 */
export function useWatchedVehicles(imeis: readonly string[], listener: WatchListener): LiveStatus {
  const status = useLiveMessages(ignore);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  const keys = imeis.join('\n');
  useEffect(() => watchVehicles(keys === '' ? [] : keys.split('\n'), (fixes) => latest.current(fixes)), [keys]);
  return status;
}
