import type { Kysely } from 'kysely';
import type { Engine } from '../db.ts';

// Track storage for the track query (issue 12): filled in by the tracks work.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function trackStorage(_engine: Engine) {
  return {
    async up(_db: AnyDb): Promise<void> {},
    async down(_db: AnyDb): Promise<void> {},
  };
}
