import dayjs from 'dayjs';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
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
 *
 * While playing, a step writes the value only when the thumb moves a pixel: over 60,000 points that is one step in
 * dozens, and each write makes Chromium lay out and repaint the slider. A seek, a pause and the end write the exact
 * position, and so does touching the slider (pointer, focus, key) before the browser moves it from its value.
 */
export function Timeline({ engine, set }: { engine: PlaybackEngine; set: TrackSet }) {
  const { t } = useTranslation('tracks');
  const total = usePlayback(engine, (s) => s.total);
  const input = useRef<HTMLInputElement>(null);
  const written = useRef(-1);
  const write = useCallback(
    (position: number) => {
      const el = input.current;
      if (!el || written.current === position) return;
      written.current = position;
      el.value = String(position);
      el.setAttribute('aria-valuetext', timeOf(set, position));
    },
    [set],
  );
  const exact = () => write(engine.snapshot.position);
  useEffect(() => {
    const el = input.current;
    // Points per pixel of the slider's width, kept by a ResizeObserver so a tick never reads layout; 0 (unknown,
    // or no ResizeObserver) writes every step.
    let pointsPerPx = 0;
    const observer =
      el && typeof ResizeObserver !== 'undefined'
        ? new ResizeObserver(([entry]) => {
            const width = entry?.contentRect.width ?? 0;
            pointsPerPx = width > 0 ? Math.max(0, engine.snapshot.total - 1) / width : 0;
          })
        : null;
    if (el) observer?.observe(el);
    written.current = -1;
    write(engine.snapshot.position);
    const off = engine.subscribe((change, state) => {
      if (change.kind === 'step' && state.playing && Math.abs(state.position - written.current) < pointsPerPx) return;
      write(state.position);
    });
    return () => {
      off();
      observer?.disconnect();
    };
  }, [engine, write]);
  return (
    <div className="hw-timeline" data-testid="track-timeline">
      {/* The contained box is not the bar's flex item itself: Chromium never lays a flex item out on its own, so
          the box inside it is what keeps a tick's relayout from reaching the page (bench/replay-tick.ts). */}
      <div className="hw-timeline__box">
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
          onPointerDown={exact}
          onFocus={exact}
          onKeyDown={(e) => {
            exact();
            if (e.key !== 'PageUp' && e.key !== 'PageDown') return;
            e.preventDefault();
            const page = Math.max(1, Math.round(total / 10));
            engine.seek(engine.snapshot.position + (e.key === 'PageUp' ? page : -page));
          }}
          aria-label={t('tracks.player.timeline')}
        />
        <Marks set={set} />
      </div>
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
  // The text sits in a contained box inside the flex item, for the same reason as the timeline's.
  return (
    <span className="hw-track-bar__count" data-testid="track-position">
      <span ref={span} className="hw-track-bar__count-text" />
    </span>
  );
}
