import { type Static, Type } from 'typebox';

// The address resolver's contract (docs/api.md "Geocoding", docs/geocoding.md). Coordinates travel in WGS-84,
// the datum positions are stored in; the console converts to a map's datum only at the display edge.

/** The console's languages; absent, the request's Accept-Language decides. */
export const GeocodingLanguage = Type.Union([Type.Literal('en'), Type.Literal('zh'), Type.Literal('th')]);
export type GeocodingLanguage = Static<typeof GeocodingLanguage>;

/**
 * Spec: geocoding {lat, lng, lang}. Any number is accepted: zero (0, 0) or out-of-range coordinates are skipped
 * (spec section 5), answering an empty address rather than an error, as the console's tables expect.
 */
export const GeocoderQuery = Type.Object({
  lat: Type.Number(),
  lng: Type.Number(),
  lang: Type.Optional(GeocodingLanguage),
});
export type GeocoderQuery = Static<typeof GeocoderQuery>;

/** Which step of the chain answered: our stops and lines, the offline place list, the Nominatim service, none. */
export type GeocoderSource = 'stop' | 'place' | 'nominatim' | 'none';

export interface GeocoderResult {
  /** The address in the requested language; '' when nothing is known or the coordinates were skipped. */
  addr: string;
  source: GeocoderSource;
}

export const SUGGEST_LIMIT_DEFAULT = 10;
export const SUGGEST_LIMIT_MAX = 20;

export const SuggestQuery = Type.Object({
  /** What the user typed in the map's search box: part of a stop or line name, a line code, or "lat,lng". */
  search: Type.String({ minLength: 1, maxLength: 100 }),
  lang: Type.Optional(GeocodingLanguage),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SUGGEST_LIMIT_MAX, default: SUGGEST_LIMIT_DEFAULT })),
});
export type SuggestQuery = Static<typeof SuggestQuery>;

export type SuggestionType = 'coordinate' | 'stop' | 'line' | 'place';

export interface Suggestion {
  type: SuggestionType;
  /** The stop's or place's name, the line's name, or the address of typed coordinates. */
  name: string;
  /** Lines serving a stop, a line's code, a place's full address, typed coordinates' text. */
  detail: string;
  /** WGS-84 point to centre the map on (a line: the middle of its paths). */
  lat: number;
  lng: number;
  /** Lines only: the line to select or draw. */
  route_id?: number;
  route_code?: string;
  /** Lines and places when known: [west, south, east, north] in WGS-84, to fit the map to. */
  bbox?: [number, number, number, number];
}

export interface SuggestResult {
  rows: Suggestion[];
}
