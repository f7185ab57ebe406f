import dayjs from 'dayjs';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlaybackEngine } from '../engine';
import { pointAt, type TrackSet } from '../track-data';
import { setText } from './set-text';
import { timelineTicks } from './timeline-marks';
import { usePlayback } from './use-playback';

function timeOf(set: TrackSet, position: number): string {
  const p = pointAt(set, position);
  return p ? dayjs.unix(p.event_time).format('HH:mm:ss') : '';
}

/** The ticks under the slider (about every 1/20 of the points), with times under the first, middle and last. */
const Marks = memo(function Marks({ set }: { set: TrackSet }) {
  const ticks = useMemo(() => timelineTicks(set.length), [set]);
  const last = Math.max(1, set.length - 1);
  const labelled = new Set([ticks[0], ticks[Math.floor(ticks.length / 2)], ticks.at(-1)]);
  return (
    <div className="hw-timeline__marks" aria-hidden="true">
      {ticks.map((p) => (
        <span key={p} className="hw-timeline__mark" style={{ left: `${(p / last) * 100}%` }}>
          {labelled.has(p) && <span className="hw-timeline__time">{timeOf(set, p)}</span>}
        </span>
      ))}
    </div>
  );
});

/**
 * The position slider. A native range input rather than antd's Slider: it follows every tick (ten a second at 5×),
 * and antd's re-renders its marks and animates its handle each time, which cost more than the rest of the tick
 * (bench/replay-tick.ts). Ticks move it without React (the engine's subscription writes its value). Arrow keys
 * step a point, Page keys a tenth, Home and End go to the ends.
 */
export function Timeline({ engine, set }: { engine: PlaybackEngine; set: TrackSet }) {
  const { t } = useTranslation('tracks');
  const total = usePlayback(engine, (s) => s.total);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const show = () => {
      const el = input.current;
      if (!el) return;
      const position = engine.snapshot.position;
      el.value = String(position);
      el.setAttribute('aria-valuetext', timeOf(set, position));
    };
    show();
    return engine.subscribe((change) => {
      if (change.kind !== 'state') show();
    });
  }, [engine, set]);
  return (
    <div className="hw-timeline" data-testid="track-timeline">
      <input
        ref={input}
        type="range"
        className="hw-timeline__input"
        min={0}
        max={Math.max(0, total - 1)}
        step={1}
        defaultValue={0}
        disabled={total === 0}
        onChange={(e) => engine.seek(Number(e.target.value))}
        onKeyDown={(e) => {
          if (e.key !== 'PageUp' && e.key !== 'PageDown') return;
          e.preventDefault();
          const page = Math.max(1, Math.round(total / 10));
          engine.seek(engine.snapshot.position + (e.key === 'PageUp' ? page : -page));
        }}
        aria-label={t('tracks.player.timeline')}
      />
      <Marks set={set} />
    </div>
  );
}

/** "12 / 361", written by the engine's subscription. */
export function PositionText({ engine }: { engine: PlaybackEngine }) {
  const span = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const show = () => {
      const { position, total } = engine.snapshot;
      const text = total === 0 ? '0 / 0' : `${position + 1} / ${total}`;
      setText(span.current, text);
    };
    show();
    return engine.subscribe(show);
  }, [engine]);
  return <span ref={span} className="hw-track-bar__count" data-testid="track-position" />;
}
