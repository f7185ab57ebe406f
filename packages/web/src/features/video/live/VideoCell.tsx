import { CloseOutlined, SoundOutlined, SwapOutlined, SyncOutlined } from '@ant-design/icons';
import { FLIP_MODES, LIVE_CONTROL, labelIn, STREAM_TYPES } from '@headway/spec';
import { App, Button, Dropdown, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LivePlayRow } from '../api';
import { videoApi } from '../api';
import { FlvVideo, loadMpegts } from '../player/FlvVideo';
import { playPcmSocket } from '../player/pcm-audio';
import { requestLive } from './live-request';

export interface VideoSlot {
  /** Changes when the slot is (re)opened, so the cell requests again. */
  key: number;
  chn: number;
  name: string;
  audio: boolean;
  stream: 0 | 1;
}

type Status =
  | { kind: 'requesting'; attempt: number }
  | { kind: 'playing'; row: LivePlayRow }
  | { kind: 'noService' }
  | { kind: 'failed'; reason: string };

interface VideoCellProps {
  imei: string;
  slot: VideoSlot;
  index: number;
  selected: boolean;
  onSelect: () => void;
  onClose: () => void;
  onStream: (stream: 0 | 1) => void;
}

/**
 * One window of the grid: requests its channel (three tries), plays it, and shows its own failure on itself
 * (spec section 8). Closing it drops this viewer; the media server closes the terminal's upstream (0x9102) when the
 * last viewer of that channel is gone, so one dispatcher's close never cuts another's picture.
 */
export function VideoCell({ imei, slot, index, selected, onSelect, onClose, onStream }: VideoCellProps) {
  const { t, i18n } = useTranslation('video');
  const { message } = App.useApp();
  const [status, setStatus] = useState<Status>({ kind: 'requesting', attempt: 1 });
  const [shown, setShown] = useState(false);
  const [ended, setEnded] = useState(false);
  const [playerError, setPlayerError] = useState<string | null>(null);
  const [audioOn, setAudioOn] = useState(false);
  const openedAt = useRef(performance.now());
  const [firstFrameMs, setFirstFrameMs] = useState<number | null>(null);
  const [answerMs, setAnswerMs] = useState<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: slot.key is the trigger of a re-request (re-open, stream switch)
  useEffect(() => {
    let cancelled = false;
    openedAt.current = performance.now();
    setStatus({ kind: 'requesting', attempt: 1 });
    setShown(false);
    setEnded(false);
    setPlayerError(null);
    setFirstFrameMs(null);
    setAnswerMs(null);
    void loadMpegts().catch(() => undefined);
    void requestLive(
      { imei, chn: slot.chn, audio: slot.audio, stream: slot.stream },
      (attempt) => setStatus({ kind: 'requesting', attempt }),
      () => cancelled,
    ).then((outcome) => {
      if (!outcome || cancelled) return;
      setAnswerMs(Math.round(performance.now() - openedAt.current));
      setStatus(outcome.kind === 'row' ? { kind: 'playing', row: outcome.row } : outcome);
    });
    return () => {
      cancelled = true;
    };
  }, [imei, slot.chn, slot.audio, slot.stream, slot.key]);

  // Audio plays only after a click (unmute): the AudioContext needs a user gesture, and PCM costs the server a decode.
  const pcm = status.kind === 'playing' ? status.row.pcm : null;
  useEffect(() => {
    if (!audioOn || !pcm) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    playPcmSocket(pcm, (reason) => message.warning(t('video.audioFailed', { reason }))).then(
      (s) => {
        if (cancelled) s();
        else stop = s;
      },
      (error: unknown) => {
        setAudioOn(false);
        message.warning(t('video.audioFailed', { reason: error instanceof Error ? error.message : String(error) }));
      },
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [audioOn, pcm, message, t]);

  const other: 0 | 1 = slot.stream === 0 ? 1 : 0;
  const switchStream = async () => {
    try {
      await videoApi.liveControl({
        imei,
        count: 1,
        chns: [{ chn: slot.chn, control: LIVE_CONTROL.switchStream, param: other }],
      });
    } catch {
      // The terminal may refuse the switch of a stream it no longer sends; the new request below decides.
    }
    onStream(other);
  };
  const flip = async (mode: number) => {
    try {
      await videoApi.flip({ imei, chn: slot.chn, control: 0, status: 0, flip: mode });
      message.success(t('video.flipDone'));
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };

  const overlay =
    status.kind === 'requesting'
      ? status.attempt > 1
        ? t('video.retrying', { attempt: status.attempt, total: 3 })
        : t('video.loading')
      : status.kind === 'noService'
        ? t('video.noService')
        : status.kind === 'failed'
          ? t('video.failed', { reason: status.reason })
          : playerError
            ? t('video.failed', { reason: playerError })
            : ended
              ? t('video.ended')
              : shown
                ? null
                : t('video.loading');
  const streamName = labelIn(STREAM_TYPES[slot.stream], i18n.language);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the toolbar's buttons are the keyboard path; a click on the picture only picks the window for the next channel
    <div
      className={`hw-video-cell${selected ? ' hw-video-cell--selected' : ''}`}
      onClick={onSelect}
      data-testid={`video-cell-${index}`}
      data-chn={slot.chn}
      data-stream={slot.stream}
      data-status={status.kind === 'playing' ? (shown ? 'playing' : 'loading') : status.kind}
      data-first-frame-ms={firstFrameMs ?? undefined}
      data-answer-ms={answerMs ?? undefined}
    >
      {status.kind === 'playing' && (
        <FlvVideo
          className="hw-video-cell__video"
          source={{ ws: status.row.ws, http: status.row.http }}
          label={`${slot.name} (${streamName})`}
          onFirstFrame={() => {
            setShown(true);
            setFirstFrameMs(Math.round(performance.now() - openedAt.current));
          }}
          onError={setPlayerError}
          onEnded={() => setEnded(true)}
        />
      )}
      {overlay && (
        <div className="hw-video-cell__overlay" role="status" data-testid="video-cell-message">
          {overlay}
        </div>
      )}
      <div className="hw-video-cell__bar">
        <span className="hw-video-cell__name">
          {slot.name} · {streamName}
        </span>
        <span className="hw-video-cell__tools">
          <Tooltip
            title={t('video.stream.switch', {
              stream: labelIn(STREAM_TYPES[other], i18n.language),
            })}
          >
            <Button
              size="small"
              type="text"
              icon={<SwapOutlined />}
              aria-label={t('video.stream.switch', { stream: labelIn(STREAM_TYPES[other], i18n.language) })}
              onClick={(e) => {
                e.stopPropagation();
                void switchStream();
              }}
              data-testid="video-cell-stream"
            />
          </Tooltip>
          <Dropdown
            trigger={['click']}
            menu={{
              items: Object.entries(FLIP_MODES).map(([mode, label]) => ({
                key: mode,
                label: labelIn(label, i18n.language),
              })),
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                void flip(Number(key));
              },
            }}
          >
            <Button
              size="small"
              type="text"
              icon={<SyncOutlined />}
              aria-label={t('video.flip')}
              title={t('video.flip')}
              onClick={(e) => e.stopPropagation()}
            />
          </Dropdown>
          <Tooltip title={!slot.audio || !pcm ? t('video.noAudio') : audioOn ? t('video.mute') : t('video.unmute')}>
            <Button
              size="small"
              type="text"
              icon={<SoundOutlined />}
              disabled={!slot.audio || !pcm}
              aria-pressed={audioOn}
              aria-label={audioOn ? t('video.mute') : t('video.unmute')}
              className={audioOn ? 'hw-video-cell__sound--on' : undefined}
              onClick={(e) => {
                e.stopPropagation();
                setAudioOn((on) => !on);
              }}
              data-testid="video-cell-audio"
            />
          </Tooltip>
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label={t('video.close')}
            title={t('video.close')}
            onClick={(e) => {
              e.stopPropagation();
              onClose();
            }}
            data-testid="video-cell-close"
          />
        </span>
      </div>
    </div>
  );
}
