import type { Kysely } from 'kysely';
import type { Engine } from '../db.ts';

// Line map storage (issue 12): station traffic states. Filled in by the line map work.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function lineMap(_engine: Engine) {
  return {
    async up(_db: AnyDb): Promise<void> {},
    async down(_db: AnyDb): Promise<void> {},
  };
}
