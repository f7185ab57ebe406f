import { DISPLAY_STATES, type DisplayState, labelIn } from '@headway/spec';
import { useTranslation } from 'react-i18next';

/** Spec section 4 display states, the everyday ones first and then those that override them. */
const ITEMS: readonly DisplayState[] = [
  'running',
  'idle',
  'parking',
  'outOfService',
  'warning',
  'deviating',
  'offline',
];

export function Legend() {
  const { t, i18n } = useTranslation('monitoring');
  return (
    <section className="hw-legend" aria-label={t('monitoring.legend')}>
      {ITEMS.map((state) => (
        <span key={state} className="hw-legend__item">
          <i style={{ background: DISPLAY_STATES[state].hex }} />
          {labelIn(DISPLAY_STATES[state].label, i18n.language)}
        </span>
      ))}
    </section>
  );
}
