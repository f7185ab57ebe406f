import { CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { Button, Slider, type SliderSingleProps } from 'antd';
import dayjs from 'dayjs';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmulatedReplay, ReplayEvent, ReplaySnapshot, ReplaySpeed } from './replay-machine';

// The replay's player (spec: play/pause, speed slider 1 to 5, position slider; range marks for the trip starts
// when a vehicle is chosen).

export const PlayerBar = memo(function PlayerBar(props: {
  replay: EmulatedReplay;
  snapshot: ReplaySnapshot;
  current: ReplayEvent | undefined;
  /** Positions to mark (trip starts), empty for none. */
  marks: readonly number[];
}) {
  const { replay, snapshot, current, marks } = props;
  const { t } = useTranslation('lines');
  const sliderMarks = useMemo<SliderSingleProps['marks']>(
    () => Object.fromEntries(marks.map((p) => [p, ' '])),
    [marks],
  );
  const now = current
    ? t('lines.replay.eventAt', {
        time: dayjs.unix(current.event_time).format('YYYY-MM-DD HH:mm:ss'),
        car: current.car_name,
        flag: current.flag === 1 ? t('lines.replay.arrival') : t('lines.replay.departure'),
        station: current.station_name,
      })
    : '';
  return (
    <div className="hw-replay__player" data-testid="replay-player">
      <Button
        shape="circle"
        icon={snapshot.playing ? <PauseOutlined /> : <CaretRightOutlined />}
        aria-label={snapshot.playing ? t('lines.replay.pause') : t('lines.replay.play')}
        onClick={() => replay.toggle()}
        disabled={snapshot.total === 0}
        data-testid="replay-toggle"
        data-playing={snapshot.playing}
      />
      <div className="hw-replay__speed" data-testid="replay-speed" data-speed={snapshot.speed}>
        <span>{t('lines.replay.speed')}</span>
        <Slider
          min={1}
          max={5}
          step={1}
          dots
          value={snapshot.speed}
          onChange={(v: number) => replay.setSpeed(v as ReplaySpeed)}
          tooltip={{ formatter: (v) => `${v}×` }}
          ariaLabelForHandle={t('lines.replay.speed')}
          ariaValueTextFormatterForHandle={(v) => `${v}×`}
        />
      </div>
      <div
        className="hw-replay__position"
        data-testid="replay-position"
        data-position={snapshot.position}
        data-total={snapshot.total}
      >
        <Slider
          min={0}
          max={Math.max(1, snapshot.total)}
          value={snapshot.position}
          marks={sliderMarks}
          onChange={(v: number) => replay.seek(v)}
          disabled={snapshot.total === 0}
          tooltip={{ formatter: (v) => `${v ?? 0} / ${snapshot.total}` }}
          ariaLabelForHandle={t('lines.replay.position')}
          ariaValueTextFormatterForHandle={(v) => `${v ?? 0} / ${snapshot.total}`}
        />
        <div className="hw-replay__now" data-testid="replay-now">
          {now}
        </div>
      </div>
    </div>
  );
});
