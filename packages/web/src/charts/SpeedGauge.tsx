import { SPEED_GAUGE_BANDS, SPEED_GAUGE_MAX_KMH } from '@headway/spec';
import { GaugeChart } from 'echarts/charts';
import type { EChartsCoreOption } from 'echarts/core';
import { type Ref, useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef } from 'react';
import { useECharts } from './use-echarts';
import './speed-gauge.css';

// The speed gauge of track playback and the trace window (spec sections 8 and 9: 0–200 km/h, colour bands at 20 %
// and 40 % of the scale). ECharts draws the dial — bands, ticks, labels — once. The needle and the reading are
// DOM over it, turned by a CSS transform: a player ticking ten times a second then costs one style write per tick
// instead of an ECharts update and a canvas repaint per tick plus the frames zrender keeps running after each
// (bench/replay-tick.ts measured the chart's way at several milliseconds a tick).

const MODULES = [GaugeChart];
const BAND_COLOURS = ['#22c55e', '#f59e0b', '#ef4444'] as const;

/** The dial's geometry, shared by the ECharts option and the needle's CSS (speed-gauge.css). */
const START_ANGLE = 225;
const SWEEP = 270;

function axisColours(): [number, string][] {
  return [...SPEED_GAUGE_BANDS, 1].map((stop, i) => [stop, BAND_COLOURS[i] ?? '#ef4444']);
}

/** The band colour at `value` (the needle takes it, as ECharts' 'auto' colour would). */
export function bandColour(value: number): string {
  const share = value / SPEED_GAUGE_MAX_KMH;
  return (axisColours().find(([stop]) => share <= stop) ?? axisColours()[2])?.[1] as string;
}

/** Clockwise CSS rotation of a needle drawn pointing up: 0 km/h at the dial's start, the maximum at its end. */
export function needleDegrees(value: number): number {
  const share = Math.max(0, Math.min(1, value / SPEED_GAUGE_MAX_KMH));
  return 90 - START_ANGLE + SWEEP * share;
}

const DIAL: EChartsCoreOption = {
  animation: false,
  series: [
    {
      type: 'gauge',
      min: 0,
      max: SPEED_GAUGE_MAX_KMH,
      startAngle: START_ANGLE,
      endAngle: START_ANGLE - SWEEP,
      splitNumber: 10,
      radius: '92%',
      center: ['50%', '56%'],
      axisLine: { lineStyle: { width: 8, color: axisColours() } },
      axisTick: { distance: -8, length: 4, lineStyle: { color: '#fff', width: 1 } },
      splitLine: { distance: -8, length: 8, lineStyle: { color: '#fff', width: 2 } },
      axisLabel: { distance: 12, fontSize: 9, color: '#64748b' },
      pointer: { show: false },
      anchor: { show: false },
      title: { show: false },
      detail: { show: false },
      data: [],
      silent: true,
    },
  ],
};

/** Moves the needle without a React render (a player's tick). */
export interface SpeedGaugeHandle {
  setSpeed(speed: number | null): void;
}

export interface SpeedGaugeProps {
  /** km/h; null shows 0 with the needle at rest. A player may instead move it through `handle`. */
  speed: number | null;
  /** Accessible name, e.g. "Speed"; the value is appended. */
  label: string;
  /** How long the needle takes to a new value (0: it jumps): shorter than the player's interval. */
  animationMs?: number;
  handle?: Ref<SpeedGaugeHandle>;
  className?: string;
}

function clampSpeed(speed: number | null): number {
  return Math.max(0, Math.min(SPEED_GAUGE_MAX_KMH, Math.round(speed ?? 0)));
}

export function SpeedGauge({ speed, label, animationMs = 300, handle, className }: SpeedGaugeProps) {
  const option = useMemo(() => DIAL, []);
  const { ref } = useECharts({ modules: MODULES, option });
  const root = useRef<HTMLDivElement>(null);
  const needle = useRef<HTMLDivElement>(null);
  const reading = useRef<HTMLDivElement>(null);
  const shown = useRef<number | null>(null);
  const labelRef = useRef(label);
  labelRef.current = label;

  const apply = useCallback((next: number | null) => {
    const value = clampSpeed(next);
    if (value === shown.current) return;
    shown.current = value;
    if (needle.current) {
      needle.current.style.transform = `rotate(${needleDegrees(value)}deg)`;
      needle.current.style.color = bandColour(value);
    }
    // The reading's one text node changes in place (a new node per tick would be a removal and an insertion).
    const text = reading.current?.firstChild;
    if (text && text.nodeType === 3) (text as Text).data = `${value} km/h`;
    else if (reading.current) reading.current.textContent = `${value} km/h`;
    root.current?.setAttribute('aria-label', `${labelRef.current} ${value} km/h`);
    root.current?.setAttribute('data-value', String(value));
  }, []);
  useImperativeHandle(handle, () => ({ setSpeed: apply }), [apply]);
  // A new label (language) rewrites the accessible name too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: label is read through labelRef
  useLayoutEffect(() => {
    shown.current = null;
    apply(speed);
  }, [apply, speed, label]);

  return (
    <div ref={root} className={`hw-speed-gauge ${className ?? ''}`} role="img" data-testid="speed-gauge">
      <div ref={ref} className="hw-speed-gauge__dial" />
      <div className="hw-speed-gauge__centre">
        <div
          ref={needle}
          className="hw-speed-gauge__needle"
          style={{ transition: animationMs > 0 ? `transform ${animationMs}ms ease-out` : undefined }}
        />
        <div className="hw-speed-gauge__hub" />
      </div>
      <div ref={reading} className="hw-speed-gauge__reading" />
    </div>
  );
}
