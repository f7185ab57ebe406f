import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { NewPosition } from './schema.ts';
import { trackDb } from './schema.ts';

// 14 bound parameters a row: 1000 rows stay under PostgreSQL's 65,535 and SQLite's 32,766 parameter limits.
const ROWS_PER_STATEMENT = 1000;

/** Writes one group commit: multi-row INSERTs inside a single transaction, all or nothing. */
export async function insertPositions(db: Kysely<Database>, rows: readonly NewPosition[]): Promise<void> {
  if (rows.length === 0) return;
  const tdb = trackDb(db);
  if (rows.length <= ROWS_PER_STATEMENT) {
    // One statement is already atomic: skip BEGIN/COMMIT round trips on PostgreSQL.
    await tdb
      .insertInto('positions')
      .values(rows as NewPosition[])
      .execute();
    return;
  }
  await tdb.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
      await trx
        .insertInto('positions')
        .values(rows.slice(i, i + ROWS_PER_STATEMENT) as NewPosition[])
        .execute();
    }
  });
}
