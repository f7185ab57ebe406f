import { CaretRightOutlined, PauseOutlined, TableOutlined } from '@ant-design/icons';
import { PLAYBACK_INTERVALS_MS } from '@headway/spec';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LabelledSwitch } from '../../LabelledSwitch';
import type { PlaybackEngine } from '../engine';
import type { TrackSet } from '../track-data';
import { PositionText, Timeline } from './Timeline';
import { usePlayback } from './use-playback';

export interface PlayerSwitches {
  points: boolean;
  locked: boolean;
  stops: boolean;
  table: boolean;
}

/** Play/pause: re-renders when playing starts or stops, not per tick. */
function PlayButton({ engine }: { engine: PlaybackEngine }) {
  const { t } = useTranslation('tracks');
  const playing = usePlayback(engine, (s) => s.playing);
  const total = usePlayback(engine, (s) => s.total);
  const label = playing ? t('tracks.player.pause') : t('tracks.player.play');
  return (
    <Tooltip title={label}>
      <Button
        type="primary"
        shape="circle"
        icon={playing ? <PauseOutlined /> : <CaretRightOutlined />}
        onClick={() => engine.toggle()}
        disabled={total === 0}
        aria-label={label}
        data-testid="track-play"
        data-playing={playing}
      />
    </Tooltip>
  );
}

/** The speed menu 1×–5× (PLAYBACK_INTERVALS_MS). */
function SpeedMenu({ engine }: { engine: PlaybackEngine }) {
  const { t } = useTranslation('tracks');
  const speed = usePlayback(engine, (s) => s.speed);
  const items = PLAYBACK_INTERVALS_MS.map((_, i) => ({
    key: String(i),
    label: <span data-testid={`track-speed-${i + 1}`}>{t('tracks.player.speedOption', { n: i + 1 })}</span>,
  }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, selectable: true, selectedKeys: [String(speed)], onClick: (e) => engine.setSpeed(Number(e.key)) }}
    >
      <Button size="small" aria-label={t('tracks.player.speed')} data-testid="track-speed">
        {t('tracks.player.speedOption', { n: speed + 1 })}
      </Button>
    </Dropdown>
  );
}

export interface PlayerBarProps {
  engine: PlaybackEngine;
  set: TrackSet;
  switches: PlayerSwitches;
  onSwitch: (key: keyof PlayerSwitches, on: boolean) => void;
  /** Whether the line's stops can be shown (the result has a known line). */
  stopsAvailable: boolean;
}

export function PlayerBar({ engine, set, switches, onSwitch, stopsAvailable }: PlayerBarProps) {
  const { t } = useTranslation('tracks');
  const toggle = (key: 'points' | 'locked' | 'stops', label: string, disabled = false) => (
    <LabelledSwitch
      checked={switches[key]}
      disabled={disabled}
      onChange={(on) => onSwitch(key, on)}
      label={label}
      testId={`track-switch-${key}`}
    />
  );
  return (
    <div className="hw-track-bar" data-testid="track-player">
      <PlayButton engine={engine} />
      <SpeedMenu engine={engine} />
      <Timeline engine={engine} set={set} />
      <PositionText engine={engine} />
      <div className="hw-track-bar__switches">
        {toggle('points', t('tracks.player.points'))}
        {toggle('locked', t('tracks.player.lock'))}
        {toggle('stops', t('tracks.player.stops'), !stopsAvailable)}
        <Button
          size="small"
          type={switches.table ? 'primary' : 'default'}
          icon={<TableOutlined />}
          onClick={() => onSwitch('table', !switches.table)}
          aria-pressed={switches.table}
          data-testid="track-table-toggle"
        >
          {t('tracks.player.table')}
        </Button>
      </div>
    </div>
  );
}
