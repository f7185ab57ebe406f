import { BackwardOutlined, CaretRightOutlined, ForwardOutlined, PauseOutlined, StopOutlined } from '@ant-design/icons';
import { RECORD_CONTROL, RECORD_SPEED_FACTORS, type RecordSpeedCode } from '@headway/spec';
import { App, Button, Select, Slider, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/format';
import type { RecordRow } from '../api';
import { videoApi } from '../api';
import { FlvVideo } from '../player/FlvVideo';

export interface Playback {
  imei: string;
  row: RecordRow;
  from: number;
  /** The query's av type, stream and storage, as the terminal listed the row. */
  avType: number;
}

type State =
  | { kind: 'requesting' }
  | { kind: 'playing'; ws: string; http: string }
  | { kind: 'failed'; reason: string };

/**
 * Playback of one recording (0x9201, streamed like live video) with its controls over /jtt1078/record/control
 * (0x9202): pause, resume, fast forward and rewind at a speed, drag to a moment of the recording, stop.
 */
export function RecordPlayer({
  playback,
  onStop,
  onPosition,
}: {
  playback: Playback;
  onStop: () => void;
  onPosition: (t: number) => void;
}) {
  const { t } = useTranslation('video');
  const { message } = App.useApp();
  const { imei, row, from, avType } = playback;
  const [state, setState] = useState<State>({ kind: 'requesting' });
  const [paused, setPaused] = useState(false);
  const [speed, setSpeed] = useState<RecordSpeedCode>(2);
  const [position, setPosition] = useState(from);
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setState({ kind: 'requesting' });
    setShown(false);
    setPaused(false);
    setPosition(from);
    videoApi
      .recordPlay({
        imei,
        chn: row.chn,
        av_type: avType,
        stream: row.stream,
        storage: row.storage,
        mode: 0,
        speed: 0,
        start_time: from,
        end_time: row.end_time,
      })
      .then(
        (result) => {
          if (!cancelled) setState({ kind: 'playing', ws: result.ws, http: result.http });
        },
        (error: unknown) => {
          if (!cancelled) setState({ kind: 'failed', reason: error instanceof Error ? error.message : String(error) });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [imei, row, from, avType]);

  // The position follows the clock while playing (the terminal sends at its own pace; a drag re-bases it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `position` is the base when playing (re)starts, not a dependency of every tick
  useEffect(() => {
    if (state.kind !== 'playing' || paused || !shown) return;
    const started = Date.now();
    const base = position;
    const timer = setInterval(() => {
      const next = Math.min(row.end_time, base + Math.floor((Date.now() - started) / 1000));
      setPosition(next);
      onPosition(next);
    }, 1000);
    return () => clearInterval(timer);
  }, [state.kind, paused, shown, row.end_time, onPosition]);

  const control = async (code: number, extra: { speed?: number; time?: number } = {}) => {
    try {
      await videoApi.recordControl({
        imei,
        chn: row.chn,
        control: code,
        speed: extra.speed ?? 0,
        time: extra.time ?? 0,
      });
      return true;
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
      return false;
    }
  };

  const stop = async () => {
    await control(RECORD_CONTROL.stop);
    onStop();
  };

  return (
    <div
      className="hw-vod-player"
      data-testid="vod-player"
      data-status={state.kind === 'playing' ? (shown ? 'playing' : 'loading') : state.kind}
    >
      <div className="hw-vod-player__screen">
        {state.kind === 'playing' && (
          <FlvVideo
            className="hw-video-cell__video"
            live={false}
            source={{ ws: state.ws, http: state.http }}
            label={t('video.vod.playing', { chn: row.chn, time: formatTime(from) })}
            onFirstFrame={() => setShown(true)}
            onError={(reason) => setState({ kind: 'failed', reason })}
          />
        )}
        {state.kind !== 'playing' && (
          <div className="hw-video-cell__overlay" role="status">
            {state.kind === 'requesting' ? t('video.loading') : t('video.failed', { reason: state.reason })}
          </div>
        )}
      </div>
      <div className="hw-vod-player__controls">
        <span className="hw-vod-player__title">{t('video.vod.playing', { chn: row.chn, time: formatTime(from) })}</span>
        <Space wrap size={4}>
          {paused ? (
            <Button
              size="small"
              icon={<CaretRightOutlined />}
              onClick={async () => (await control(RECORD_CONTROL.resume)) && setPaused(false)}
              data-testid="vod-resume"
            >
              {t('video.vod.resume')}
            </Button>
          ) : (
            <Button
              size="small"
              icon={<PauseOutlined />}
              onClick={async () => (await control(RECORD_CONTROL.pause)) && setPaused(true)}
              data-testid="vod-pause"
            >
              {t('video.vod.pause')}
            </Button>
          )}
          <Button
            size="small"
            icon={<BackwardOutlined />}
            onClick={() => void control(RECORD_CONTROL.rewind, { speed })}
            data-testid="vod-rewind"
          >
            {t('video.vod.rewind')}
          </Button>
          <Button
            size="small"
            icon={<ForwardOutlined />}
            onClick={() => void control(RECORD_CONTROL.fastForward, { speed })}
            data-testid="vod-forward"
          >
            {t('video.vod.fastForward')}
          </Button>
          <Select<RecordSpeedCode>
            size="small"
            value={speed}
            aria-label={t('video.vod.speed')}
            onChange={setSpeed}
            options={([1, 2, 3, 4, 5] as const).map((code) => ({
              value: code,
              label: `×${RECORD_SPEED_FACTORS[code]}`,
            }))}
            style={{ width: 72 }}
          />
          <Button size="small" danger icon={<StopOutlined />} onClick={() => void stop()} data-testid="vod-stop">
            {t('video.vod.stop')}
          </Button>
        </Space>
        <Slider
          min={row.start_time}
          max={row.end_time}
          value={position}
          tooltip={{ formatter: (v) => (v === undefined ? '' : formatTime(v)) }}
          onChange={setPosition}
          onChangeComplete={(v) => void control(RECORD_CONTROL.drag, { time: v })}
          ariaLabelForHandle={t('video.vod.position')}
          ariaValueTextFormatterForHandle={(v) => (v === undefined ? '' : formatTime(v))}
          data-testid="vod-position"
        />
      </div>
    </div>
  );
}
