import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../kernel/time.ts';
import type { Database } from '../store/schema.ts';
import { ChainGeocoder } from './chain.ts';
import { CompanyIndexes } from './company-index.ts';
import type { GeocodingConfig } from './config.ts';
import type { GeocodingStep } from './geocoder.ts';
import { networkStep } from './network-step.ts';
import { nominatimStep } from './nominatim.ts';
import { loadPlaces, placeStep } from './places.ts';

/**
 * Assembles the chain from the configuration: our network always, then the place list and the Nominatim service
 * when configured. A place list that cannot be read fails start-up: a typo in the path should not quietly turn
 * the resolver into a worse one.
 */
export async function buildGeocoder(
  deps: { db: Kysely<Database>; clock: Clock },
  config: GeocodingConfig,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<ChainGeocoder> {
  const steps: GeocodingStep[] = [networkStep];
  if (config.placesFile) {
    const list = await loadPlaces(config.placesFile);
    log.info({ file: config.placesFile, places: list.places.length, skipped: list.skipped }, 'geocoder place list');
    steps.push(placeStep(list));
  }
  if (config.url)
    steps.push(nominatimStep({ url: config.url, timeoutMs: config.timeoutMs, userAgent: config.userAgent }));
  return new ChainGeocoder(new CompanyIndexes(deps.db, deps.clock), steps, deps.clock, log);
}
