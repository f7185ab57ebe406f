import { type RawBuilder, type SqlBool, sql } from 'kysely';

/** Row offset of a page (pages count from 1). */
export function pageOffset(query: { page: number; limit: number }): number {
  return (query.page - 1) * query.limit;
}

/** Fills the defaults of docs/api.md "Lists" (page 1, limit 20). */
export function paging(query: { page?: number | undefined; limit?: number | undefined }): {
  page: number;
  limit: number;
} {
  return { page: query.page ?? 1, limit: query.limit ?? 20 };
}

/**
 * Case-insensitive "column contains text", the caller's % and _ taken literally. Written out because
 * the engines differ: SQLite's LIKE ignores ASCII case and has no default escape, PostgreSQL's does neither.
 */
export function contains(column: string, text: string): RawBuilder<SqlBool> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
