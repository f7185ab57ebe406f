import { Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/format';
import type { RecordRow } from '../api';
import { hourTicks, recordingAt, segmentsOnDay, timeAt } from './timeline';

interface TimelineProps {
  rows: RecordRow[];
  dayStart: number;
  /** The position being played, if any. */
  playing: number | null;
  onPick: (row: RecordRow, from: number) => void;
}

/** The day's recordings on a 24 h bar; a click on a recording plays it from that moment. */
export function Timeline({ rows, dayStart, playing, onPick }: TimelineProps) {
  const { t } = useTranslation('video');
  const segments = useMemo(() => segmentsOnDay(rows, dayStart), [rows, dayStart]);
  const pick = (clientX: number, bar: HTMLElement) => {
    const box = bar.getBoundingClientRect();
    const time = timeAt((clientX - box.left) / box.width, dayStart);
    const row = recordingAt(rows, time);
    if (row) onPick(row, time);
  };
  return (
    <div className="hw-vod-timeline" data-testid="vod-timeline">
      <div className="hw-vod-timeline__caption">
        {t('video.vod.timeline', { date: formatTime(dayStart).slice(0, 10) })} · {t('video.vod.timelineHint')}
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: each segment is a button for the keyboard; the bar adds the exact click position */}
      <div className="hw-vod-timeline__bar" onClick={(e) => pick(e.clientX, e.currentTarget)}>
        {segments.map((s) => (
          <Tooltip
            key={`${s.row.chn}-${s.row.start_time}`}
            title={`CH${s.row.chn} ${formatTime(s.row.start_time)} – ${formatTime(s.row.end_time)}`}
          >
            <button
              type="button"
              className="hw-vod-timeline__segment"
              style={{ left: `${s.left}%`, width: `max(${s.width}%, 2px)` }}
              aria-label={`CH${s.row.chn} ${formatTime(s.row.start_time)} – ${formatTime(s.row.end_time)}`}
              onClick={(e) => {
                e.stopPropagation();
                const box = e.currentTarget.getBoundingClientRect();
                const inside = box.width > 0 ? (e.clientX - box.left) / box.width : 0;
                const from = Math.round(
                  s.row.start_time + Math.max(0, Math.min(1, inside)) * (s.row.end_time - s.row.start_time),
                );
                onPick(s.row, e.detail === 0 ? s.row.start_time : Math.min(from, s.row.end_time - 1));
              }}
              data-testid="vod-segment"
            />
          </Tooltip>
        ))}
        {playing !== null && playing >= dayStart && (
          <div className="hw-vod-timeline__head" style={{ left: `${((playing - dayStart) / 86_400) * 100}%` }} />
        )}
      </div>
      <div className="hw-vod-timeline__scale" aria-hidden>
        {hourTicks().map((tick) => (
          <span key={tick.hour} style={{ left: `${tick.left}%` }}>
            {String(tick.hour).padStart(2, '0')}
          </span>
        ))}
      </div>
    </div>
  );
}
