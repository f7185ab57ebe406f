import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { RowContext } from './cells.ts';

// A file names what a row refers to by name or code, never by row id (ids differ between companies and
// deployments, and an exported file shows names): the company's row whose column matches, ignoring case.

type Referenced = 'lines' | 'fleets' | 'device_types' | 'organisations';

export function byName(db: Kysely<Database>, table: Referenced, columns: readonly string[]) {
  return async (text: string, context: RowContext): Promise<number | undefined> => {
    const wanted = text.trim().toLowerCase();
    const matches = sql.join(
      columns.map((c) => sql`lower(${sql.ref(c)}) = ${wanted}`),
      sql` or `,
    );
    const { rows } = await sql<{ id: number | string }>`
      select id from ${sql.table(table)} where company_id = ${context.companyId} and (${matches})
      order by id limit 1`.execute(db);
    return rows[0] === undefined ? undefined : Number(rows[0].id);
  };
}
