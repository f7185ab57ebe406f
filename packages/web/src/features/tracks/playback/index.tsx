import type { TrackPoint } from '@headway/server/contract';
import { Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readViewport } from '../../../map';
import { SearchPanel } from '../search/SearchPanel';
import { useTrackSearch } from '../search/use-track-search';
import { useTrackLists } from '../vehicle-list';
import { PlaybackEngine } from './engine';
import { TrackPlayer } from './player/TrackPlayer';
import { buildTrackSet, type TrackSet } from './track-data';
import '../tracks.css';

/** Where the map opens before a search: the last map viewport, else the demo's city. */
const FALLBACK_VIEW = { lng: -74.15, lat: 40.58, zoom: 12 };

/** Monitoring → Track playback (screen MonitoringTrack): search on the left, the player on the right. */
export default function TrackPlaybackPage() {
  const { t } = useTranslation('tracks');
  const engine = useMemo(() => new PlaybackEngine(), []);
  // Leaving (a tab hidden by keep-alive, or closed) pauses: its effects, the engine's listeners, are gone meanwhile.
  useEffect(() => () => engine.pause(), [engine]);
  const [set, setSet] = useState<TrackSet | null>(null);
  const [home] = useState(() => readViewport(typeof localStorage === 'undefined' ? null : localStorage, FALLBACK_VIEW));
  const lists = useTrackLists();

  const onRows = useCallback(
    (rows: TrackPoint[]) => {
      const next = buildTrackSet(rows);
      engine.load(next);
      setSet(next);
    },
    [engine],
  );
  const { search, loading } = useTrackSearch(onRows);

  // The stops of the lines the result ran, else of the vehicles' own lines.
  const stopLines = useMemo(() => {
    const codes = new Set(set?.vehicles.flatMap((v) => v.routeCodes) ?? []);
    if (set && codes.size === 0) {
      const ids = new Set(set.vehicles.map((v) => v.car_id));
      for (const v of lists.vehicles) if (ids.has(v.value) && v.routeCode) codes.add(v.routeCode);
    }
    return lists.lines.filter((l) => codes.has(l.route_code));
  }, [set, lists.lines, lists.vehicles]);

  return (
    <div className="hw-track" data-testid="track-playback">
      <aside className="hw-track__side">
        <h2 className="hw-track__title">{t('tracks.search.title')}</h2>
        <SearchPanel lines={lists.lines} vehicles={lists.vehicles} loading={loading} onSearch={search} />
        {set && (
          <div className="hw-track__found" data-testid="track-found">
            {t('tracks.search.found', { count: set.length })}
          </div>
        )}
      </aside>
      <Spin spinning={loading} wrapperClassName="hw-track__main">
        <TrackPlayer engine={engine} set={set} stopLines={stopLines} home={home} />
      </Spin>
    </div>
  );
}
