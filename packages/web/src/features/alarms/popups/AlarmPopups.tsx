import { CloseOutlined, SoundOutlined, WarningFilled } from '@ant-design/icons';
import { ALARM_LEVELS, type Language, platformAlarm } from '@headway/spec';
import { Button, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/format';
import { useAlarmLanguage, useAlarmText } from '../alarm-text';
import { alarmCentre, useAlarmCentre } from '../centre/centre-store';
import { nextExpiry, type Popup, secondsLeft } from '../centre/popup-rules';
import type { AudioLike } from '../sound/alarm-sound';
import { useAlarmSound } from '../sound/use-alarm-sound';
import './popups.css';

/** The countdown redraws twice a second, so the shown second is never more than half a second late. */
const TICK_MS = 500;

/** Re-renders while a countdown runs and closes popups whose time is up. */
function useCountdown(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => {
      const t = Date.now();
      setNow(t);
      alarmCentre.expire(t);
    };
    tick();
    const id = setInterval(tick, TICK_MS);
    return () => clearInterval(id);
  }, [running]);
  return now;
}

interface CardProps {
  popup: Popup;
  now: number;
  text: (alarm: Popup['alarm']) => string;
  lang: Language;
}

function PopupCard({ popup, now, text, lang }: CardProps) {
  const { t } = useTranslation('alarms');
  const { alarm } = popup;
  const left = secondsLeft(popup, now);
  const level = ALARM_LEVELS[alarm.alarm_level as keyof typeof ALARM_LEVELS];
  const emergency = (platformAlarm(alarm.platform_alarm_id)?.level ?? alarm.alarm_level) >= 3;
  const name = text(alarm);
  return (
    <article
      className={`hw-alarm-popup${emergency ? ' hw-alarm-popup--emergency' : ''}`}
      aria-label={t('alarms.popup.label', { car: alarm.car_name, alarm: name })}
      data-testid="alarm-popup"
      data-car={alarm.car_id ?? alarm.imei}
    >
      <header className="hw-alarm-popup__head">
        <WarningFilled className="hw-alarm-popup__icon" aria-hidden />
        <span className="hw-alarm-popup__car">
          {alarm.car_name || alarm.imei}
          {alarm.lpn && alarm.lpn !== alarm.car_name ? <span className="hw-alarm-popup__lpn"> {alarm.lpn}</span> : null}
        </span>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('alarms.popup.close')}
          onClick={() => alarmCentre.dismiss(alarm.id)}
          data-testid="alarm-popup-close"
        />
      </header>
      <button type="button" className="hw-alarm-popup__body" onClick={() => alarmCentre.openPopup(alarm.id)}>
        <span className="hw-alarm-popup__type">
          {name}
          {level && <Tag color={emergency ? 'red' : 'orange'}>{level[lang]}</Tag>}
        </span>
        {alarm.region_name && (
          <span className="hw-alarm-popup__meta" data-testid="alarm-popup-region">
            {alarm.region_name}
          </span>
        )}
        {alarm.route_name && <span className="hw-alarm-popup__meta">{alarm.route_name}</span>}
        <span className="hw-alarm-popup__meta">
          {formatTime(alarm.event_time)} ·{' '}
          <span className="hw-alarm-popup__speed">{t('alarms.speedValue', { speed: alarm.speed })}</span>
        </span>
        <span className="hw-alarm-popup__foot">
          <span className="hw-alarm-popup__view">{t('alarms.popup.view')}</span>
          {left !== null && (
            <span className="hw-alarm-popup__countdown" data-testid="alarm-popup-countdown">
              {t('alarms.popup.closesIn', { seconds: left })}
            </span>
          )}
        </span>
      </button>
    </article>
  );
}

/**
 * Live alarm popups, bottom right, newest last, on every screen (spec section 4). The sound plays while any is
 * open; when the browser blocks it, a button above them turns it on.
 */
export function AlarmPopups({ createAudio }: { createAudio?: (url: string) => AudioLike }) {
  const { t } = useTranslation('alarms');
  const text = useAlarmText();
  const lang = useAlarmLanguage();
  const popups = useAlarmCentre((s) => s.popups);
  const waiting = useAlarmCentre((s) => s.queue.length + s.overflow);
  const expiry = useAlarmCentre(nextExpiry);
  const now = useCountdown(expiry !== null);
  const sound = useAlarmSound(popups.length > 0, createAudio);
  if (popups.length === 0) return null;
  return (
    <section className="hw-alarm-popups" aria-label={t('alarms.popup.region')} data-testid="alarm-popups">
      {sound.blocked && (
        <Button
          size="small"
          icon={<SoundOutlined />}
          onClick={sound.unlock}
          className="hw-alarm-popups__sound"
          data-testid="alarm-sound-blocked"
        >
          {t('alarms.popup.soundBlocked')}
        </Button>
      )}
      {popups.map((p) => (
        <PopupCard key={p.alarm.id} popup={p} now={now} text={text} lang={lang} />
      ))}
      {waiting > 0 && (
        <Button
          size="small"
          type="link"
          className="hw-alarm-popups__more"
          onClick={() => alarmCentre.openList(true)}
          data-testid="alarm-popups-more"
        >
          {t('alarms.popup.more', { count: waiting })}
        </Button>
      )}
    </section>
  );
}
