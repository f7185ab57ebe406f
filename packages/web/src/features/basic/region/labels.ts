import { labelIn, REGION_TYPES, REGION_USE_TYPES, type RegionType, type RegionUseType } from '@headway/spec';
import type { TFunction } from 'i18next';
import { regionSize } from './region-size';

// A region's type, use and size in the console's language, shared by the list and the detail drawer.

export function typeLabel(code: number, language: string): string {
  return code in REGION_TYPES ? labelIn(REGION_TYPES[code as RegionType].label, language) : String(code);
}

/** use_type 0 is "none"; the others are @headway/spec's. */
export function purposeLabel(code: number, language: string, t: TFunction<'regions'>): string {
  return code in REGION_USE_TYPES
    ? labelIn(REGION_USE_TYPES[code as RegionUseType].label, language)
    : t('regions.useNone');
}

export function sizeLabel(type: number, regionPoint: string, t: TFunction<'regions'>): string {
  const size = regionSize(type, regionPoint);
  return size ? t(`regions.page.${size.key}`, size.values) : '--';
}
