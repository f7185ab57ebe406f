import { useTranslation } from 'react-i18next';
import { COLOUR_HEX } from '../../../../map';

/** Spec section 4 colours, in precedence order. */
const ITEMS = [
  ['green', 'running'],
  ['purple', 'idle'],
  ['blue', 'parking'],
  ['orange', 'outOfService'],
  ['red', 'warning'],
  ['pink', 'deviating'],
  ['gray', 'offline'],
] as const;

export function Legend() {
  const { t } = useTranslation();
  return (
    <section className="hw-legend" aria-label={t('monitoring.legend')}>
      {ITEMS.map(([colour, key]) => (
        <span key={key} className="hw-legend__item">
          <i style={{ background: COLOUR_HEX[colour] }} />
          {t(`monitoring.state.${key}`)}
        </span>
      ))}
    </section>
  );
}
