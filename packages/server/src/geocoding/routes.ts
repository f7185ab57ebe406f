import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionOf } from '../auth/access.ts';
import { lineScopeOf } from '../consoles/scope.ts';
import {
  GeocoderQuery,
  type GeocoderResult,
  type GeocodingLanguage,
  SUGGEST_LIMIT_DEFAULT,
  SuggestQuery,
  type SuggestResult,
} from '../contract/geocoding.ts';
import { ok } from '../kernel/envelope.ts';
import { pickLanguage } from '../kernel/language.ts';
import type { Database } from '../store/schema.ts';
import type { Geocoder } from './geocoder.ts';

export interface GeocodingRouteDeps {
  db: Kysely<Database>;
  /** One per app (buildApp), so every API base shares its index and cache. */
  geocoder: Geocoder;
}

/**
 * Spec: geocoding {lat, lng, lang} → result.addr at /geocoding/geocoder, and /geocoding/suggest for the map's
 * search box (docs/api.md "Geocoding"). Any signed-in user: the alarm details, the track table and the map all
 * show addresses, and a user sees only their own company's stops and lines.
 */
export function geocodingRoutes(deps: GeocodingRouteDeps): FastifyPluginAsyncTypebox {
  const { geocoder } = deps;
  return async (app) => {
    app.get(
      '/geocoding/geocoder',
      { schema: { querystring: GeocoderQuery }, config: { access: 'session' } },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { lat, lng } = request.query;
        const result: GeocoderResult = await geocoder.reverse({
          companyId,
          lat,
          lng,
          lang: languageOf(request, request.query.lang),
        });
        return ok(result);
      },
    );

    app.get(
      '/geocoding/suggest',
      { schema: { querystring: SuggestQuery }, config: { access: 'session' } },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        const rows = await geocoder.suggest({
          companyId,
          search: request.query.search,
          lang: languageOf(request, request.query.lang),
          limit: request.query.limit ?? SUGGEST_LIMIT_DEFAULT,
          lineScope: await lineScopeOf(deps.db, companyId, userId),
        });
        const result: SuggestResult = { rows };
        return ok(result);
      },
    );
  };
}

function languageOf(request: FastifyRequest, lang: GeocodingLanguage | undefined): GeocodingLanguage {
  return lang ?? pickLanguage(request.headers['accept-language']);
}
