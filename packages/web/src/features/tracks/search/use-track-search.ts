import type { TrackPoint } from '@headway/server/contract';
import { TRACK_MAX_SPAN_DAYS } from '@headway/spec';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackApi } from '../api';
import { checkSearch, type SearchInput } from './search-rules';

/** Spec section 10: no rows → a warning notification for 2 s. */
const NO_DATA_SECONDS = 2;

/**
 * The search flow of the screen and the map-replay window: the panel's rules (a line or a vehicle, ≤ 7 days,
 * confirmation above 24 h), the query, and the no-data notice. Server errors (span, multi-vehicle limit, 1009)
 * are shown with the server's message by the request client; the loading state ends either way. A newer search
 * wins over an older one still answering.
 */
export function useTrackSearch(onRows: (rows: TrackPoint[]) => void) {
  const { t } = useTranslation('tracks');
  const { message, modal, notification } = App.useApp();
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const run = useCallback(
    async (body: Parameters<typeof trackApi.query>[0]) => {
      const id = ++latest.current;
      setLoading(true);
      try {
        const { rows } = await trackApi.query(body);
        if (id !== latest.current) return;
        if (rows.length === 0) {
          notification.warning({ title: t('tracks.search.noData'), duration: NO_DATA_SECONDS });
          return;
        }
        onRows(rows);
      } catch {
        // Already told to the user by the request client.
      } finally {
        if (id === latest.current) setLoading(false);
      }
    },
    [notification, onRows, t],
  );

  const search = useCallback(
    (input: SearchInput) => {
      const check = checkSearch(input);
      if (check.kind === 'invalid') {
        message.warning(t(`tracks.search.${check.problem}`, { days: TRACK_MAX_SPAN_DAYS }));
        return;
      }
      if (check.kind === 'ok') {
        void run(check.body);
        return;
      }
      modal.confirm({
        title: t('tracks.search.confirmTitle'),
        content: t('tracks.search.confirmBody', { hours: Math.round((input.end - input.start) / 3600) }),
        onOk: () => {
          void run(check.body);
        },
      });
    },
    [message, modal, run, t],
  );

  return { search, loading };
}
