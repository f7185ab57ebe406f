import { PLAYBACK_INTERVALS_MS } from '@headway/spec';
import { Fragment, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SpeedGauge, type SpeedGaugeHandle } from '../../../../charts/SpeedGauge';
import { formatTime } from '../../../../i18n/format';
import { formatLngLat } from '../../../../map';
import type { PlaybackEngine } from '../engine';
import { satellitesOf, type TrackSet } from '../track-data';
import { setText } from './set-text';
import { usePlayback } from './use-playback';

/**
 * The gauge needle glides at the slow speeds; from 300 ms a point it jumps, so a tick costs no animation frames of
 * its own (bench/replay-tick.ts).
 */
export function gaugeAnimationMs(intervalMs: number): number {
  return intervalMs >= 600 ? 300 : 0;
}

/** "S40 | Up | 5 (Main St)", parts left out when unknown. */
export function lineText(routeName: string, direction: string, serial: number, station: string): string {
  const stop = serial > 0 ? (station ? `${serial} (${station})` : String(serial)) : station;
  return [routeName || '--', direction, stop || '--'].join(' | ');
}

const FIELDS = ['time', 'index', 'mileage', 'satellites', 'lngLat', 'line', 'speed'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The selected vehicle at the playing position (spec "Track replay" info panel): its point's time, index, mileage,
 * satellites, place, line and the speed gauge. React renders the panel once per result and vehicle; a tick writes
 * the changed values into it directly, which is most of why a tick stays under 4 ms (bench/replay-tick.ts).
 */
export function InfoPanel({ engine, set, vehicle }: { engine: PlaybackEngine; set: TrackSet; vehicle: number }) {
  const { t } = useTranslation('tracks');
  const labels = useMemo(
    () => ({
      km: t('tracks.info.mileageValue', { current: '{c}', total: '{t}' }),
      directions: ['0', '1', '2'].map((d) => t(`tracks.info.direction.${d as '0' | '1' | '2'}`)),
    }),
    [t],
  );
  const speed = usePlayback(engine, (s) => s.speed);
  const cells = useRef<Partial<Record<Field, HTMLElement | null>>>({});
  const gauge = useRef<SpeedGaugeHandle>(null);
  const v = set.vehicles[vehicle];

  useEffect(() => {
    if (!v) return;
    const total = v.points.length;
    const whole = (v.travelled[total - 1] ?? 0).toFixed(2);
    const show = () => {
      const index = engine.cursor(vehicle);
      const point = v.points[index];
      const c = cells.current;
      gauge.current?.setSpeed(point?.speed ?? null);
      setText(c.index ?? null, `${point ? index + 1 : 0} / ${total}`);
      setText(c.time ?? null, formatTime(point?.event_time));
      setText(c.mileage ?? null, labels.km.replace('{c}', (v.travelled[index] ?? 0).toFixed(2)).replace('{t}', whole));
      setText(c.satellites ?? null, String((point && satellitesOf(point.attached)) ?? '--'));
      setText(c.lngLat ?? null, point ? formatLngLat(point.lng, point.lat) : '--');
      setText(
        c.line ?? null,
        point
          ? lineText(
              point.route_name || point.route_code,
              labels.directions[point.direction] ?? '--',
              point.serial,
              point.station_name,
            )
          : '--',
      );
      setText(c.speed ?? null, point ? `${point.speed} km/h` : '--');
    };
    show();
    return engine.subscribe((change) => {
      // Another vehicle's step leaves this one where it was.
      if (change.kind === 'seek' || (change.kind === 'step' && change.vehicle === vehicle)) show();
    });
  }, [engine, v, vehicle, labels]);

  const cell = (field: Field) => (
    <>
      <dt>{t(`tracks.info.${field}`)}</dt>
      <dd
        ref={(el) => {
          cells.current[field] = el;
        }}
        data-testid={`track-info-${field}`}
      />
    </>
  );
  const interval = PLAYBACK_INTERVALS_MS[speed] ?? PLAYBACK_INTERVALS_MS[0];
  return (
    <div className="hw-track-info" data-testid="track-info">
      <div className="hw-track-info__gauge">
        <SpeedGauge speed={null} handle={gauge} label={t('tracks.gauge')} animationMs={gaugeAnimationMs(interval)} />
      </div>
      <dl className="hw-track-info__rows">
        <dt>{t('tracks.info.vehicle')}</dt>
        <dd data-testid="track-info-vehicle">
          <span className="hw-track-swatch" style={{ background: v?.colour }} />
          {v?.car_name ?? '--'}
        </dd>
        {FIELDS.map((f) => (
          <Fragment key={f}>{cell(f)}</Fragment>
        ))}
      </dl>
    </div>
  );
}
