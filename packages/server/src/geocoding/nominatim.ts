import type { Suggestion } from '../contract/geocoding.ts';
import type { GeocodingStep } from './geocoder.ts';

// The last link: a Nominatim-compatible service (HEADWAY_GEOCODER_URL), e.g. a deployment's own Nominatim or
// Photon-with-Nominatim-API. Only asked when configured. The public OSM instance's usage policy asks for an
// identifying User-Agent and at most one request a second: the chain's cache keeps repeats away, but a busy
// deployment should run its own instance (docs/geocoding.md).

export interface NominatimOptions {
  /** Base URL; `reverse` and `search` are resolved against it (`https://host/` or `https://host/nominatim/`). */
  url: string;
  timeoutMs: number;
  userAgent: string;
}

export function nominatimStep(options: NominatimOptions): GeocodingStep {
  const base = options.url.endsWith('/') ? options.url : `${options.url}/`;

  async function get(path: string, params: Record<string, string>, lang: string): Promise<unknown> {
    const url = new URL(path, base);
    for (const [key, value] of Object.entries({ format: 'jsonv2', ...params, 'accept-language': lang })) {
      url.searchParams.set(key, value);
    }
    const response = await fetch(url, {
      headers: { 'user-agent': options.userAgent, 'accept-language': lang, accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`geocoding service answered HTTP ${response.status} for ${path}`);
    }
    return response.json();
  }

  return {
    source: 'nominatim',
    remote: true,

    async reverse(point, { lang }) {
      const answer = await get(
        'reverse',
        { lat: String(point.lat), lon: String(point.lng), zoom: '18', addressdetails: '0' },
        lang,
      );
      // Nominatim answers 200 with {"error": "Unable to geocode"} where it knows nothing (the open sea).
      if (!isRecord(answer) || typeof answer.display_name !== 'string') return null;
      return answer.display_name || null;
    },

    async suggest(search, limit, { lang, index }) {
      const params: Record<string, string> = { q: search, limit: String(limit), addressdetails: '0' };
      // Bias (not restrict) the search towards the company's network.
      if (index.bbox) params.viewbox = index.bbox.join(',');
      const answer = await get('search', params, lang);
      if (!Array.isArray(answer)) return [];
      return answer.flatMap((item): Suggestion[] => {
        if (!isRecord(item) || typeof item.display_name !== 'string') return [];
        const lat = Number(item.lat);
        const lng = Number(item.lon);
        if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
        const name = typeof item.name === 'string' && item.name ? item.name : item.display_name.split(',')[0]!;
        const suggestion: Suggestion = { type: 'place', name, detail: item.display_name, lat, lng };
        // boundingbox is [south, north, west, east] as strings.
        const box = Array.isArray(item.boundingbox) ? item.boundingbox.map(Number) : [];
        if (box.length === 4 && box.every(Number.isFinite)) suggestion.bbox = [box[2]!, box[0]!, box[3]!, box[1]!];
        return [suggestion];
      });
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
