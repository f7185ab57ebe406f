import { labelIn, REGION_USE_TYPES, type RegionUseType } from '@headway/spec';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { REGION_USE_COLOURS, REGION_USE_LOOKS } from './region-style';
import './regions-layer.css';

/** What the regions' colours mean: one swatch per use type, then "none". */
export function RegionsLegend({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('regions');
  return (
    <ul
      className={`hw-regions-legend ${className ?? ''}`}
      aria-label={t('regions.layer.legend')}
      data-testid="regions-legend"
    >
      {REGION_USE_LOOKS.map((use) => (
        <li key={use}>
          <span
            className="hw-regions-legend__swatch"
            style={{ '--hw-region-colour': REGION_USE_COLOURS[use] } as CSSProperties}
          />
          {use === 0 ? t('regions.useNone') : labelIn(REGION_USE_TYPES[use as RegionUseType].label, i18n.language)}
        </li>
      ))}
    </ul>
  );
}
