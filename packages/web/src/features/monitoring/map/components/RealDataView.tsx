import type { OwnLine } from '@headway/server/contract';
import { bitNames, DISPLAY_STATES, labelIn, STATE_BITS, StateMask, WARNING_BITS, WarningMask } from '@headway/spec';
import { Progress, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../i18n/format';
import { COLOUR_HEX, vehicleLook } from '../../../../map';
import type { VehicleEntry } from '../fleet-view';
import { durationParts, formatDistance, lineProgress } from '../format';
import type { LabelConfig } from '../label-config';
import { AddressView } from './AddressView';
import { TerminalAreaView } from './TerminalAreaView';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="hw-infobox__row" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Spec "Real data" rows, each behind its label switch. */
export function RealDataView({
  entry,
  line,
  labels,
}: {
  entry: VehicleEntry;
  line: OwnLine | undefined;
  labels: LabelConfig;
}) {
  const { t, i18n } = useTranslation('monitoring');
  const data = entry.data;

  if (!data) return <div className="hw-infobox__empty">{t('monitoring.info.noData')}</div>;
  const now = Date.now() / 1000;
  const look = vehicleLook(data, entry.online, now);
  const dash = t('monitoring.info.never');
  const dist = (m: number | null | undefined) => {
    const d = formatDistance(m);
    return d ? t(`monitoring.info.${d.unit}`, { value: d.value }) : dash;
  };
  const elapsed = (s: number | null) => {
    if (s === null) return '';
    const p = durationParts(s);
    return t('monitoring.info.elapsed', { time: t(`monitoring.duration.${p.key}`, p.values) });
  };
  const progress = lineProgress(data, line);
  const states = bitNames(data.s, STATE_BITS).filter((k) => k !== 'online');
  const warnings = bitNames(data.w, WARNING_BITS);
  const route = data.route;
  const deviating = (data.s & StateMask.deviation) !== 0 || (data.w & WarningMask.routeDeviation) !== 0;
  const mileage = data.att?.max_km;

  return (
    <dl className="hw-infobox__grid">
      <div className="hw-infobox__status">
        <dt className="hw-visually-hidden">{t('monitoring.info.state')}</dt>
        <dd>
          {/* The state's colour as a dot beside dark text: the colours themselves are too light to read on. */}
          <Tag data-testid="info-state">
            <span className="hw-infobox__dot" style={{ background: COLOUR_HEX[look.colour] }} />
            {labelIn(DISPLAY_STATES[look.kind].label, i18n.language)}
          </Tag>
          <span className="hw-infobox__muted">
            {look.speed !== null ? t('monitoring.info.kmh', { value: look.speed }) : elapsed(look.elapsed)}
          </span>
        </dd>
      </div>
      {labels.origin && progress && (
        <Row label={`${t('monitoring.info.origin')} → ${t('monitoring.info.terminal')}`}>
          {progress.origin} → {progress.terminal}
          {route?.pdt || route?.pat ? (
            <span className="hw-infobox__muted">
              {' '}
              ({formatTime(route?.pdt)} – {formatTime(route?.pat)})
            </span>
          ) : null}
        </Row>
      )}
      {labels.progress && (
        <>
          <Row label={t('monitoring.info.toTerminal')} testId="info-to-terminal">
            <Progress
              percent={progress?.terminalPercent ?? 0}
              size="small"
              showInfo={false}
              aria-label={t('monitoring.info.toTerminal')}
            />
            <span className="hw-infobox__muted">{dist(progress?.toTerminal)}</span>
          </Row>
          <Row label={t('monitoring.info.toNextStation')} testId="info-to-next">
            <Progress
              percent={progress?.nextPercent ?? 0}
              size="small"
              showInfo={false}
              strokeColor="#16a34a"
              aria-label={t('monitoring.info.toNextStation')}
            />
            <span className="hw-infobox__muted">{dist(progress?.toNext ?? route?.dist)}</span>
          </Row>
        </>
      )}
      {labels.state && (
        <Row label={t('monitoring.info.state')}>
          {states.length === 0
            ? dash
            : states.map((k) => (
                <Tag key={k} bordered={false}>
                  {labelIn(STATE_BITS[k].label, i18n.language)}
                </Tag>
              ))}
        </Row>
      )}
      {labels.warning && (
        <Row label={t('monitoring.info.warning')}>
          {warnings.length === 0 ? (
            <span className="hw-infobox__muted">{t('monitoring.info.none')}</span>
          ) : (
            warnings.map((k) => (
              <Tag key={k} color="red" bordered={false}>
                {labelIn(WARNING_BITS[k].label, i18n.language)}
              </Tag>
            ))
          )}
        </Row>
      )}
      {labels.satellites && (
        <Row label={`${t('monitoring.info.satellites')} / ${t('monitoring.info.signal')}`}>
          {data.att?.sat ?? dash} / {data.att?.gsm ?? dash}
        </Row>
      )}
      {labels.passengers && data.passenger && (
        <Row label={t('monitoring.info.passengers')}>
          ↑{data.passenger.on_trip ?? 0} ↓{data.passenger.off_trip ?? 0} · Σ{data.passenger.on_day ?? 0}
        </Row>
      )}
      {labels.card && data.card && (
        <>
          <Row label={t('monitoring.info.driver')}>{data.card.den || data.card.n || dash}</Row>
          {data.card.cen && <Row label={t('monitoring.info.conductor')}>{data.card.cen}</Row>}
        </>
      )}
      {labels.serialDirection && (
        <Row label={t('monitoring.info.serialDirection')}>
          {route?.sn !== undefined ? t('monitoring.info.serial', { serial: route.sn }) : dash}
          {' / '}
          {route?.dir === 1 || route?.dir === 2 ? t(`monitoring.info.direction.${route.dir}`) : dash}
        </Row>
      )}
      {labels.arrivalDeparture && (
        <Row label={`${t('monitoring.info.arrivalTime')} / ${t('monitoring.info.departureTime')}`}>
          {formatTime(route?.at)} / {formatTime(route?.dt)}
        </Row>
      )}
      {labels.speed && (
        <Row label={t('monitoring.info.speed')} testId="info-speed">
          {t('monitoring.info.kmh', { value: data.v })}
        </Row>
      )}
      {labels.mileage && (
        <Row label={t('monitoring.info.mileage')}>
          {typeof mileage === 'number' ? t('monitoring.info.km', { value: mileage.toFixed(1) }) : dash}
        </Row>
      )}
      {labels.nextStation && (
        <Row label={t('monitoring.info.nextStation')} testId="info-next-station">
          {progress?.nextStation ?? dash}
        </Row>
      )}
      {labels.deviation && (
        <Row label={t('monitoring.info.deviation')}>
          {deviating ? (
            <Tag color="magenta">{t('monitoring.info.deviatingYes')}</Tag>
          ) : (
            t('monitoring.info.deviatingNo')
          )}
        </Row>
      )}
      {data.area?.io && (
        <Row label={t('monitoring.info.terminalArea')}>
          <TerminalAreaView area={data.area} />
        </Row>
      )}
      {labels.eventTime && <Row label={t('monitoring.info.eventTime')}>{formatTime(data.et)}</Row>}
      {labels.receiveTime && <Row label={t('monitoring.info.receiveTime')}>{formatTime(data.rt)}</Row>}
      {labels.movingTime && <Row label={t('monitoring.info.movingTime')}>{formatTime(data.mt)}</Row>}
      {labels.address && (
        <Row label={t('monitoring.info.address')}>
          <AddressView imei={entry.imei} lat={data.lat} lng={data.lng} />
        </Row>
      )}
    </dl>
  );
}
