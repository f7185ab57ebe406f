// The address resolver (docs/geocoding.md): coordinates → an address in the caller's language, and the map's
// search-box suggestions, from the company's stops and lines, an offline place list and a Nominatim service.
export { buildGeocoder } from './build.ts';
export { DEFAULT_GEOCODING, type GeocodingConfig, geocodingConfigFrom } from './config.ts';
export type { Geocoder, ReverseRequest, SuggestRequest } from './geocoder.ts';
export { type GeocodingRouteDeps, geocodingRoutes } from './routes.ts';
