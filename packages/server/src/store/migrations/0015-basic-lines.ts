import type { Kysely } from 'kysely';

// Basic data for lines (issue 14, docs/basic-data-lines.md): the spec's route fields the GTFS import did not fill
// (trunk, travel category, opening hours, ticket, remark), a direction's check flag, and a bus stop's title, code,
// icon and opening time. Columns only, with defaults, so existing rows stay valid on SQLite and PostgreSQL.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

const LINE_COLUMNS = [
  ['trunk', 'integer', 0],
  ['travel', 'integer', 0],
  ['open_time', 'varchar(8)', ''],
  ['stop_time', 'varchar(8)', ''],
  ['ticket', 'varchar(64)', ''],
  ['remark', 'varchar(255)', ''],
  ['updated_at', 'bigint', 0],
] as const;
const DIRECTION_COLUMNS = [['is_checked', 'integer', 0]] as const;
const STOP_COLUMNS = [
  ['title', 'varchar(128)', ''],
  ['code', 'varchar(64)', ''],
  ['icon', 'varchar(128)', ''],
  ['open_time', 'varchar(8)', ''],
] as const;

const TABLES = [
  ['lines', LINE_COLUMNS],
  ['line_directions', DIRECTION_COLUMNS],
  ['bus_stops', STOP_COLUMNS],
] as const;

export function basicLines() {
  return {
    async up(db: AnyDb): Promise<void> {
      for (const [table, columns] of TABLES) {
        for (const [name, type, fallback] of columns) {
          await db.schema
            .alterTable(table)
            .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
            .execute();
        }
      }
      // Bus stops are listed and searched by code within a company.
      await db.schema
        .createIndex('bus_stops_company_code')
        .on('bus_stops')
        .columns(['company_id', 'stop_code'])
        .execute();
      await db.schema
        .createIndex('line_stations_company_stop')
        .on('line_stations')
        .columns(['company_id', 'stop_id'])
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropIndex('line_stations_company_stop').execute();
      await db.schema.dropIndex('bus_stops_company_code').execute();
      for (const [table, columns] of TABLES) {
        for (const [name] of columns) await db.schema.alterTable(table).dropColumn(name).execute();
      }
    },
  };
}
