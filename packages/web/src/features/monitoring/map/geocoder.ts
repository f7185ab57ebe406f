import { formatLngLat } from '../../../map/coords';

// Address lookup behind an interface: a geocoding service (spec: geocoding {lat, lng, lang} → addr) plugs
// in later; offline, the "address" is the coordinate with 6 decimals (spec section 9).

export interface Geocoder {
  address(lat: number, lng: number, language: string): Promise<string>;
}

export const offlineGeocoder: Geocoder = {
  async address(lat, lng) {
    return formatLngLat(lng, lat);
  },
};

/** Spec section 5: geocoding is skipped for zero or out-of-range coordinates. */
export function canGeocode(lat: number, lng: number): boolean {
  return !(lat === 0 && lng === 0) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}
