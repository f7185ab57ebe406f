import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Engine } from '../db.ts';

// Several paths per line direction: the main one (the stations' shape, variant 0) and the variants some trips take
// instead (branches and short turns, variant 1), each with its GTFS shape, trip count and how far it strays from
// the main path. 0002 made (line_id, direction) unique, which SQLite cannot drop in place: the table is rebuilt
// there; PostgreSQL drops the constraint. Existing rows become main paths.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

const NEW_COLUMNS = ['shape_id', 'trips', 'variant', 'max_offset'] as const;

export function lineVariants(engine: Engine) {
  return {
    async up(db: AnyDb): Promise<void> {
      if (engine === 'postgres') {
        await db.schema.alterTable('line_paths').dropConstraint('line_paths_line_dir').execute();
        for (const column of NEW_COLUMNS) {
          await db.schema
            .alterTable('line_paths')
            .addColumn(column, column === 'shape_id' ? 'text' : 'integer', (c) =>
              c.notNull().defaultTo(column === 'shape_id' ? '' : 0),
            )
            .execute();
        }
      } else {
        await db.schema
          .createTable('line_paths_v')
          .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
          .addColumn('line_id', 'integer', (c) => c.notNull().references('lines.id').onDelete('cascade'))
          .addColumn('direction', 'integer', (c) => c.notNull())
          .addColumn('path', 'text', (c) => c.notNull())
          .addColumn('style', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('shape_id', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('trips', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('variant', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('max_offset', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`insert into line_paths_v (id, company_id, line_id, direction, path, style)
          select id, company_id, line_id, direction, path, style from line_paths`.execute(db);
        await db.schema.dropTable('line_paths').execute();
        await db.schema.alterTable('line_paths_v').renameTo('line_paths').execute();
      }
      await db.schema
        .createIndex('line_paths_line_dir_variant')
        .on('line_paths')
        .columns(['line_id', 'direction', 'variant'])
        .execute();
    },

    async down(db: AnyDb): Promise<void> {
      await db.deleteFrom('line_paths').where('variant', '<>', 0).execute();
      await db.schema.dropIndex('line_paths_line_dir_variant').execute();
      for (const column of NEW_COLUMNS) await db.schema.alterTable('line_paths').dropColumn(column).execute();
      if (engine === 'postgres') {
        await db.schema
          .alterTable('line_paths')
          .addUniqueConstraint('line_paths_line_dir', ['line_id', 'direction'])
          .execute();
      } else {
        await db.schema
          .createIndex('line_paths_line_dir')
          .unique()
          .on('line_paths')
          .columns(['line_id', 'direction'])
          .execute();
      }
    },
  };
}
