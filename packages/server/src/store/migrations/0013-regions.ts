import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../db.ts';

// Regions (issue 15, docs/regions.md): the places operators draw (spec "Region"), each vehicle's visits to them
// (enter, exit, dwell) as the ingest's geofencing sees them, and what was pushed to which terminal (0x8600–0x8607).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function regions(engine: Engine) {
  const idType = engine === 'postgres' ? 'serial' : 'integer';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  const company = (c: ColumnDefinitionBuilder) => c.notNull().references('companies.id').onDelete('cascade');

  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('regions')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('region_name', 'varchar(128)', (c) => c.notNull())
        // REGION_TYPES: 0 POI, 1 circle, 2 rectangle, 3 polygon, 4 path.
        .addColumn('region_type', 'integer', (c) => c.notNull())
        // REGION_USE_TYPES: 1 parking, 2 charging/gas, 3 maintenance; 0 none.
        .addColumn('use_type', 'integer', (c) => c.notNull().defaultTo(0))
        // `lat,lng` of the marker or the shape's centre.
        .addColumn('center', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('is_share', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('img_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        // Spec: `lat,lng` pairs joined by `|`; a circle is `lat,lng,radius` (metres). WGS-84.
        .addColumn('region_point', 'text', (c) => c.notNull().defaultTo(''))
        // JSON text: corridor width, speed limits, alarm options (docs/regions.md).
        .addColumn('region_option', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('style', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('icon', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('regions_company').on('regions').columns(['company_id', 'region_type']).execute();

      // One row per stay: open (exit_time null) while the vehicle is inside.
      await db.schema
        .createTable('region_visits')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('region_id', 'integer', (c) => c.notNull().references('regions.id').onDelete('cascade'))
        .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id').onDelete('set null'))
        .addColumn('terminal_phone', 'varchar(32)', (c) => c.notNull())
        .addColumn('enter_time', 'bigint', (c) => c.notNull())
        .addColumn('exit_time', 'bigint')
        .addColumn('dwell_seconds', 'integer')
        .execute();
      await db.schema
        .createIndex('region_visits_region')
        .on('region_visits')
        .columns(['region_id', 'enter_time'])
        .execute();
      await db.schema
        .createIndex('region_visits_vehicle')
        .on('region_visits')
        .columns(['company_id', 'terminal_phone', 'exit_time'])
        .execute();

      // What each terminal was told to enforce itself, and whether it took it.
      await db.schema
        .createTable('region_pushes')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('region_id', 'integer', (c) => c.references('regions.id').onDelete('set null'))
        .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id').onDelete('cascade'))
        // The terminal's area id (DWORD) the region was sent as.
        .addColumn('area_id', 'bigint', (c) => c.notNull())
        // 0x8600 / 0x8602 / 0x8604 / 0x8606 set, 0x8601 / 0x8603 / 0x8605 / 0x8607 delete.
        .addColumn('command', 'integer', (c) => c.notNull())
        // COMMAND_STATES: 1 sent, 2 acknowledged, 3 refused, 4 not reachable.
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('result', 'integer')
        .addColumn('account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('send_time', 'bigint', (c) => c.notNull())
        .addColumn('reply_time', 'bigint')
        .execute();
      await db.schema
        .createIndex('region_pushes_region')
        .on('region_pushes')
        .columns(['company_id', 'region_id', 'vehicle_id'])
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      for (const table of ['region_pushes', 'region_visits', 'regions']) await db.schema.dropTable(table).execute();
    },
  };
}
