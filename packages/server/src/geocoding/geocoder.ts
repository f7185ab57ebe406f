import type { GeocoderResult, GeocodingLanguage, Suggestion } from '../contract/geocoding.ts';
import type { CompanyIndex } from './company-index.ts';
import type { LatLng } from './geo.ts';

// The address resolver behind one interface (docs/geocoding.md). Routes, and later the alarm details and the
// track table, ask a Geocoder; what answers (our stops, a place list, Nominatim) is the chain's business.

export interface ReverseRequest extends LatLng {
  /** The caller's company: only its stops and lines describe the point. */
  companyId: number;
  lang: GeocodingLanguage;
}

export interface SuggestRequest {
  companyId: number;
  search: string;
  lang: GeocodingLanguage;
  limit: number;
  /** The lines the caller may see (their consoles'); undefined: all of the company's. */
  lineScope: ReadonlySet<number> | undefined;
}

export interface Geocoder {
  reverse(request: ReverseRequest): Promise<GeocoderResult>;
  suggest(request: SuggestRequest): Promise<Suggestion[]>;
}

/** What a step sees of a request: the point, the language and the caller's company index. */
export interface StepContext {
  lang: GeocodingLanguage;
  index: CompanyIndex;
}

/**
 * One link of the chain. `reverse` answers an address, or null when it knows nothing there; it throws when it
 * could not ask (a service down or slow), which the chain logs and does not cache, so a retry may do better.
 */
export interface GeocodingStep {
  readonly source: Exclude<GeocoderResult['source'], 'none'>;
  /** Asks another system: its search answers are cached too, and it is skipped for very short searches. */
  readonly remote: boolean;
  reverse(point: LatLng, context: StepContext): Promise<string | null>;
  suggest(
    search: string,
    limit: number,
    context: StepContext & Pick<SuggestRequest, 'lineScope'>,
  ): Promise<Suggestion[]>;
}
