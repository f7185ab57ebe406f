import type { FastifyBaseLogger } from 'fastify';
import type { GeocoderResult, Suggestion } from '../contract/geocoding.ts';
import type { Clock } from '../kernel/time.ts';
import { LruCache } from './cache.ts';
import type { CompanyIndexes } from './company-index.ts';
import { canGeocode, type LatLng } from './geo.ts';
import type { Geocoder, GeocodingStep, ReverseRequest, StepContext, SuggestRequest } from './geocoder.ts';
import { normalise } from './nearest.ts';

// The resolver: asks its steps in order (our network, the place list, Nominatim) and the first that knows the
// place answers. Answers are cached by company, index generation, language and the point rounded to 4 decimals
// (about 10 m, the precision the text has anyway): a parked bus asked about every few seconds costs one lookup.

const CACHE_ENTRIES = 20_000;
const CACHE_AGE_MS = 6 * 3600_000;
/**
 * A remote search for one or two letters matches half the world (local names still answer them); two Chinese or
 * Thai characters already make a name.
 */
function worthRemoteSearch(query: string): boolean {
  return [...query].length >= (/^[\x20-\x7e]*$/.test(query) ? 3 : 2);
}

const EMPTY: GeocoderResult = { addr: '', source: 'none' };

export class ChainGeocoder implements Geocoder {
  private readonly answers: LruCache<GeocoderResult>;
  private readonly searches: LruCache<Suggestion[]>;
  /** Concurrent requests for one key share one lookup. */
  private readonly inFlight = new Map<string, Promise<GeocoderResult>>();

  constructor(
    readonly indexes: CompanyIndexes,
    private readonly steps: readonly GeocodingStep[],
    clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.answers = new LruCache(CACHE_ENTRIES, CACHE_AGE_MS, clock);
    this.searches = new LruCache(CACHE_ENTRIES / 10, CACHE_AGE_MS, clock);
  }

  async reverse(request: ReverseRequest): Promise<GeocoderResult> {
    if (!canGeocode(request.lat, request.lng)) return EMPTY;
    const point = { lat: round4(request.lat), lng: round4(request.lng) };
    const index = await this.indexes.get(request.companyId);
    const key = `${request.companyId}:${index.generation}:${request.lang}:${point.lat},${point.lng}`;
    const cached = this.answers.get(key);
    if (cached) return cached;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.resolve(point, { lang: request.lang, index })
        .then(({ result, complete }) => {
          if (complete) this.answers.set(key, result);
          return result;
        })
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  async suggest(request: SuggestRequest): Promise<Suggestion[]> {
    const typed = typedCoordinates(request.search);
    if (typed === 'invalid') return [];
    if (typed) {
      const { addr } = await this.reverse({ ...request, ...typed });
      const text = `${typed.lat}, ${typed.lng}`;
      return [{ type: 'coordinate', name: addr || text, detail: text, lat: typed.lat, lng: typed.lng }];
    }

    const index = await this.indexes.get(request.companyId);
    const context = { lang: request.lang, index, lineScope: request.lineScope };
    const query = normalise(request.search);
    const rows: Suggestion[] = [];
    for (const step of this.steps) {
      const room = request.limit - rows.length;
      if (room <= 0) break;
      if (step.remote && !worthRemoteSearch(query)) continue;
      try {
        if (!step.remote) {
          rows.push(...(await step.suggest(request.search, room, context)));
          continue;
        }
        const key = `${step.source}:${request.companyId}:${index.generation}:${request.lang}:${room}:${query}`;
        let found = this.searches.get(key);
        if (!found) {
          found = await step.suggest(request.search, room, context);
          this.searches.set(key, found);
        }
        rows.push(...found);
      } catch (error) {
        this.log.warn({ err: error, step: step.source }, 'geocoding search step failed; answering without it');
      }
    }
    return rows.slice(0, request.limit);
  }

  private async resolve(point: LatLng, context: StepContext): Promise<{ result: GeocoderResult; complete: boolean }> {
    let complete = true;
    for (const step of this.steps) {
      try {
        const addr = await step.reverse(point, context);
        if (addr) return { result: { addr, source: step.source }, complete };
      } catch (error) {
        // A slow or failing service must not fail the caller: the next step or an empty address answers, and
        // the answer is not cached, so asking again later can still reach the service.
        complete = false;
        this.log.warn({ err: error, step: step.source }, 'geocoding step failed; falling back');
      }
    }
    return { result: EMPTY, complete };
  }
}

function round4(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

const COORDINATES = /^\s*([-+]?\d+(?:\.\d+)?)\s*[,，\s]\s*([-+]?\d+(?:\.\d+)?)\s*$/;

/**
 * Spec section 5, coordinate search box: "lat,lng" both numeric, lat -90..90, lng -180..180, else ignored.
 * Two numbers out of range are 'invalid' (ignored, not searched as names); anything else is a name search.
 */
function typedCoordinates(search: string): LatLng | 'invalid' | null {
  const match = COORDINATES.exec(search);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return canGeocode(lat, lng) ? { lat, lng } : 'invalid';
}
