import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { LiveMessage } from '../../../live/client';
import { useLiveMessages } from '../../../live/use-live';
import { type AlarmFeed, createAlarmFeed } from './alarm-feed';
import { alarmCentre } from './centre-store';
import { DETAILS_KEY, REAL_KEY } from './keys';
import { createLiveRefresh } from './live-refresh';

/**
 * Live `alarm` commands into the centre: batched (alarm-feed.ts), counted on the badge and run through the popup
 * rule at once, the server's count (and an open dialog's list) fetched again later (live-refresh.ts). The
 * subscription keeps the live channel open on every screen while the user is signed in. A reconnect refetches, for
 * what was pushed while offline.
 */
export function useLiveAlarms(): void {
  const client = useQueryClient();
  // A ref, so the listener never changes: a new listener would leave and rejoin the channel, and leaving as its
  // only listener closes the connection.
  const feed = useRef<AlarmFeed | null>(null);
  useEffect(() => {
    const refetch = createLiveRefresh(client);
    const created = createAlarmFeed({
      onBatch: (alarms) => {
        alarmCentre.ingest(alarms);
        refetch.schedule();
      },
    });
    feed.current = created;
    return () => {
      feed.current = null;
      created.dispose();
      refetch.dispose();
    };
  }, [client]);

  const listener = useCallback(
    (message: LiveMessage) => {
      if (message.cmd === 'alarm') feed.current?.push(message.data);
      // Someone marked alarms read: the badge and open lists follow at once, not at the next 30 s poll.
      else if (message.cmd === 'alarm-read') {
        void client.invalidateQueries({ queryKey: REAL_KEY });
        void client.invalidateQueries({ queryKey: [DETAILS_KEY] });
      }
    },
    [client],
  );
  const status = useLiveMessages(listener);

  const wasConnected = useRef(false);
  useEffect(() => {
    if (status !== 'connected') return;
    if (wasConnected.current) void client.invalidateQueries({ queryKey: REAL_KEY });
    wasConnected.current = true;
  }, [status, client]);
}
