import { ColumnWidthOutlined } from '@ant-design/icons';
import { PLAYBACK_START_ZOOM } from '@headway/spec';
import { Button, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpeedGauge } from '../../../charts/SpeedGauge';
import { formatTime } from '../../../i18n/format';
import { LinesLayer, type MapLinePath, type MapStation, readViewport, StationsLayer } from '../../../map';
import { MeasureTool } from '../../../map/tools/MeasureTool';
import { formatLength } from '../../../map/tools/measure';
import { TrailLayer } from '../../../map/track/TrailLayer';
import type { WindowProps } from '../../../windows/window-kinds';
import { RegionsToggle } from '../../regions/layer';
import { LabelledSwitch } from '../LabelledSwitch';
import { TrackMapFrame } from '../TrackMapFrame';
import { useTrackLists } from '../vehicle-list';
import { LiveMarker } from './LiveMarker';
import { useLiveTrace } from './use-live-trace';
import '../tracks.css';
import { ToolWindow } from '../../../windows/ToolWindow';

const FALLBACK_VIEW = { lng: -74.15, lat: 40.58, zoom: 12 };

/**
 * Vehicle tracking (spec section 4: 1000×600; section 8 "Trace modal"): a live map of one vehicle following its
 * reports, with the trail and lock-viewport switches, the measuring tool, the regions toggle and the speed gauge.
 */
export default function TraceWindow({ vehicle, onClose }: WindowProps['trace'] & { onClose: () => void }) {
  const { t } = useTranslation('tracks');
  const live = useLiveTrace(vehicle);
  const [trail, setTrail] = useState(true);
  const [locked, setLocked] = useState(true);
  const [measuring, setMeasuring] = useState(false);
  const [measured, setMeasured] = useState<number[]>([]);
  const [home] = useState(() => {
    const stored = readViewport(typeof localStorage === 'undefined' ? null : localStorage, FALLBACK_VIEW);
    return { ...stored, zoom: Math.max(stored.zoom, PLAYBACK_START_ZOOM) };
  });
  const fix = live.current;
  // The vehicle's line and stops under it: where it is going, even without map tiles.
  const { lines } = useTrackLists();
  const line = lines.find((l) => l.route_code === vehicle.route_code);
  const paths = useMemo<MapLinePath[]>(
    () => (line?.directions ?? []).map((d) => ({ key: `${line?.route_code}-${d.direction}`, path: d.path })),
    [line],
  );
  const stations = useMemo<MapStation[]>(
    () =>
      (line?.directions ?? []).flatMap((d) =>
        d.stations.map((st) => ({
          key: `${d.direction}-${st.serial}`,
          name: st.station_name,
          lng: st.lng,
          lat: st.lat,
        })),
      ),
    [line],
  );
  const total = measured.at(-1);
  const status =
    live.status === 'unavailable'
      ? t('tracks.trace.unavailable')
      : fix
        ? `${t('tracks.trace.live')} · ${t('tracks.trace.lastReport', { time: formatTime(fix.et) })}`
        : live.loading
          ? t('tracks.trace.waiting')
          : t('tracks.trace.noPosition');

  return (
    <ToolWindow
      open
      width={1000}
      centered
      footer={null}
      destroyOnHidden
      onCancel={onClose}
      title={t('tracks.trace.title', { name: vehicle.car_name })}
      data-testid="trace-window"
    >
      <div className="hw-track-window">
        <div className="hw-track-window__search">
          <LabelledSwitch checked={trail} onChange={setTrail} label={t('tracks.trace.trail')} testId="trace-trail" />
          <LabelledSwitch checked={locked} onChange={setLocked} label={t('tracks.trace.lock')} testId="trace-lock" />
          <Tooltip title={t('tracks.player.measure')}>
            <Button
              size="small"
              icon={<ColumnWidthOutlined />}
              type={measuring ? 'primary' : 'default'}
              aria-pressed={measuring}
              aria-label={t('tracks.player.measure')}
              onClick={() => setMeasuring((m) => !m)}
              data-testid="trace-measure"
            />
          </Tooltip>
          <RegionsToggle size="small" />
          {measuring && (
            <span className="hw-track-tools__hint">
              {total !== undefined && total > 0
                ? t('tracks.player.measureTotal', { length: formatLength(total) })
                : t('tracks.player.measureHint')}
            </span>
          )}
        </div>
        <div className="hw-track-window__body hw-trace-body" data-testid="trace-map" data-points={live.trace.length}>
          <TrackMapFrame center={[home.lng, home.lat]} zoom={home.zoom}>
            <LinesLayer paths={paths} />
            <StationsLayer stations={stations} />
            {trail && <TrailLayer points={live.trace} />}
            <LiveMarker name={vehicle.car_name} fix={fix} locked={locked} />
            <MeasureTool active={measuring} onChange={setMeasured} />
          </TrackMapFrame>
          <div className="hw-trace-gauge">
            <SpeedGauge speed={fix?.v ?? null} label={t('tracks.gauge')} />
          </div>
          <div className="hw-trace-status" role="status">
            {status}
          </div>
        </div>
      </div>
    </ToolWindow>
  );
}
