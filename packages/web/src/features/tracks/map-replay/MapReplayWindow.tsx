import { SearchOutlined } from '@ant-design/icons';
import type { TrackPoint } from '@headway/server/contract';
import { MAP_REPLAY_DEFAULT_SECONDS } from '@headway/spec';
import { Button, DatePicker, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readViewport } from '../../../map';
import type { WindowProps } from '../../../windows/window-kinds';
import { LabelledSwitch } from '../LabelledSwitch';
import { PlaybackEngine } from '../playback/engine';
import { TrackPlayer } from '../playback/player/TrackPlayer';
import { buildTrackSet, type TrackSet } from '../playback/track-data';
import { useTrackSearch } from '../search/use-track-search';
import { useTrackLists } from '../vehicle-list';
import '../tracks.css';
import { ToolWindow } from '../../../windows/ToolWindow';

/** Until the first result: the last map viewport, else the demo's city (the player frames the track after). */
const FALLBACK_VIEW = { lng: -74.15, lat: 40.58, zoom: 12 };

/**
 * Map track replay (spec section 4: 1000×600, the last hour by default), opened for one vehicle from its info box:
 * a time range and the "speed > 0" switch over the playback screen's player. It searches the last hour on open.
 */
export default function MapReplayWindow({ vehicle, onClose }: WindowProps['mapReplay'] & { onClose: () => void }) {
  const { t } = useTranslation('tracks');
  const engine = useMemo(() => new PlaybackEngine(), []);
  // Closing stops the timer.
  useEffect(() => () => engine.pause(), [engine]);
  const [set, setSet] = useState<TrackSet | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const end = dayjs();
    return [end.subtract(MAP_REPLAY_DEFAULT_SECONDS, 'second'), end];
  });
  const [moving, setMoving] = useState(true);
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
  const run = () => search({ start: range[0].unix(), end: range[1].unix(), carIds: [vehicle.car_id], moving });
  const opened = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: searches once, when the window opens
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    run();
  }, []);

  const stopLines = useMemo(() => {
    const codes = new Set(set?.vehicles.flatMap((v) => v.routeCodes) ?? []);
    if (vehicle.route_code) codes.add(vehicle.route_code);
    return lists.lines.filter((l) => codes.has(l.route_code));
  }, [set, vehicle.route_code, lists.lines]);

  return (
    <ToolWindow
      open
      width={1000}
      centered
      footer={null}
      destroyOnHidden
      onCancel={onClose}
      title={t('tracks.replay.title', { name: vehicle.car_name })}
      data-testid="map-replay-window"
    >
      <div className="hw-track-window">
        <div className="hw-track-window__search">
          <DatePicker.RangePicker
            showTime
            allowClear={false}
            value={range}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange([v[0], v[1]]);
            }}
            aria-label={t('tracks.replay.range')}
          />
          <LabelledSwitch checked={moving} onChange={setMoving} label={t('tracks.search.moving')} />
          <Button
            type="primary"
            icon={<SearchOutlined />}
            loading={loading}
            onClick={run}
            data-testid="map-replay-search"
          >
            {t('tracks.search.submit')}
          </Button>
        </div>
        <Spin spinning={loading} wrapperClassName="hw-track-window__body hw-track__main">
          <TrackPlayer engine={engine} set={set} stopLines={stopLines} home={home} />
        </Spin>
      </div>
    </ToolWindow>
  );
}
