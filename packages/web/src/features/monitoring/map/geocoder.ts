import type { GeocoderQuery, GeocoderResult, SuggestQuery, SuggestResult } from '@headway/server/contract';
import { http } from '../../../api/client';

export type { GeocoderQuery, GeocoderResult, SuggestQuery, SuggestResult };

// The address resolver's calls (docs/api.md "Geocoding"). Coordinates go as stored, in WGS-84: the map's datum
// (GCJ-02, BD-09) is a display matter only.
export const geocodingApi = {
  address: (query: GeocoderQuery) => http.get<GeocoderResult>('/geocoding/geocoder', query),
  suggest: (query: SuggestQuery) => http.get<SuggestResult>('/geocoding/suggest', query),
};

/** Spec section 5: geocoding is skipped for zero or out-of-range coordinates. */
export function canGeocode(lat: number, lng: number): boolean {
  return !(lat === 0 && lng === 0) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/**
 * Rounded as the server's cache rounds (4 decimals, ~10 m): a bus creeping in a queue keeps one query key, and
 * its address is fetched again only once it has really moved.
 */
export function addressCell(lat: number, lng: number): { lat: number; lng: number } {
  return { lat: Math.round(lat * 1e4) / 1e4, lng: Math.round(lng * 1e4) / 1e4 };
}
