import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../db.ts';

// Dispatch consoles (spec: "A console (dispatch station) is assigned routes and users"): the console itself, its
// lines and its users. Assignments are plain link tables keyed by both ids, so an assignment exists once; they
// carry company_id like every tenant row, and go with the console, line or user they name (cascade).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function consoles(engine: Engine) {
  const idType = engine === 'postgres' ? 'serial' : 'integer';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  const company = (c: ColumnDefinitionBuilder) => c.notNull().references('companies.id').onDelete('cascade');
  const consoleRef = (c: ColumnDefinitionBuilder) => c.notNull().references('consoles.id').onDelete('cascade');

  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('consoles')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('console_name', 'varchar(64)', (c) => c.notNull())
        // Lower-cased name: unique per company ignoring case, whatever the engine's collation.
        .addColumn('name_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('consoles_company_name', ['company_id', 'name_key'])
        .execute();

      await db.schema
        .createTable('console_routes')
        .addColumn('console_id', 'integer', consoleRef)
        .addColumn('line_id', 'integer', (c) => c.notNull().references('lines.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', company)
        .addPrimaryKeyConstraint('console_routes_pk', ['console_id', 'line_id'])
        .execute();
      await db.schema.createIndex('console_routes_line').on('console_routes').column('line_id').execute();

      await db.schema
        .createTable('console_users')
        .addColumn('console_id', 'integer', consoleRef)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', company)
        .addPrimaryKeyConstraint('console_users_pk', ['console_id', 'user_id'])
        .execute();
      // The live channel and the map look scopes up by user.
      await db.schema.createIndex('console_users_user').on('console_users').column('user_id').execute();
    },

    async down(db: AnyDb): Promise<void> {
      for (const table of ['console_users', 'console_routes', 'consoles']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
