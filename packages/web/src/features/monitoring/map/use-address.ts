import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../../i18n/detect';
import { addressCell, canGeocode, geocodingApi } from './geocoder';

interface AddressOptions {
  /** Whether to ask at all (the user pressed View, or switched addresses on). */
  enabled: boolean;
  /** Keep the last address while the next one loads (a moving vehicle), rather than a spinner. */
  keepPrevious?: boolean;
}

/**
 * The address of a position in the console language, from GET /geocoding/geocoder, keyed by its ~10 m cell:
 * every screen that shows one shares the cache. `valid` is false for a position that is never geocoded (nothing
 * is asked).
 */
export function useAddress(lat: number, lng: number, { enabled, keepPrevious = false }: AddressOptions) {
  const { i18n } = useTranslation();
  const lang = normalizeLanguage(i18n.language) ?? 'en';
  const valid = canGeocode(lat, lng);
  const cell = addressCell(lat, lng);
  const address = useQuery({
    queryKey: ['geocoding', 'address', cell.lat, cell.lng, lang],
    queryFn: () => geocodingApi.address({ ...cell, lang }),
    enabled: enabled && valid,
    staleTime: 10 * 60_000,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
    retry: false,
  });
  return { valid, address };
}
