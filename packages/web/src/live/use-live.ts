import { useEffect, useState } from 'react';
import { readSession } from '../auth/session-cookie';
import { onSessionReset, useSession } from '../auth/session-store';
import { closeLive, type LiveMessage, type LiveStatus, onLiveStatus, subscribeLive } from './client';

// Logout disconnects the live channel (spec section 4 "Session").
onSessionReset(closeLive);

/** Calls `listener` for every message on the company topic while the component is mounted. */
export function useLiveMessages(listener: (message: LiveMessage) => void): LiveStatus {
  const companyId = useSession((s) => s.user?.company_id);
  const [status, setStatus] = useState<LiveStatus>('offline');
  useEffect(() => onLiveStatus(setStatus), []);
  useEffect(() => {
    const token = readSession()?.token;
    if (!token || companyId === undefined) return;
    return subscribeLive({ token, companyId }, listener);
  }, [companyId, listener]);
  return status;
}
