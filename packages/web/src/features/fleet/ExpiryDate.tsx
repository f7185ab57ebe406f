import { EXPIRY_COLOURS, EXPIRY_TEXTS, expiryStatus, fillTemplate, labelIn } from '@headway/spec';
import { useTranslation } from 'react-i18next';
import { formatDay } from './labels';

interface Props {
  date: number | null | undefined;
  /** Server time, epoch seconds. */
  now: number;
  /** 45 for insurance, 15 for the vehicle's expiry (spec section 9). */
  windowDays: number;
  /** Warnings red for insurance, orange for the vehicle's expiry (spec section 4). */
  tone: 'insurance' | 'vehicle';
}

/**
 * A date as the expiry dialogs and reviews show it (spec section 4): beyond the window plain; within it coloured
 * with the days left; today or earlier red "expired"; missing '--'. Days count in the console's zone.
 */
export function ExpiryDate({ date, now, windowDays, tone }: Props) {
  const { i18n } = useTranslation();
  const offset = -new Date(now * 1000).getTimezoneOffset();
  const status = expiryStatus(date, now, windowDays, offset);
  if (status.level === 'missing') return <span>--</span>;
  const day = formatDay(date);
  if (status.level === 'normal') return <span>{day}</span>;
  const expired = status.level === 'expired';
  const colour = expired ? EXPIRY_COLOURS.expired : EXPIRY_COLOURS[tone];
  const note = expired
    ? labelIn(EXPIRY_TEXTS.expired, i18n.language)
    : fillTemplate(labelIn(EXPIRY_TEXTS.daysLeft, i18n.language), status.daysLeft ?? 0);
  return (
    <span style={{ color: colour }} data-expiry={status.level}>
      {day} ({note})
    </span>
  );
}
