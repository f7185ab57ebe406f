import type { Kysely } from 'kysely';
import type { Engine } from '../db.ts';

// Device gateway storage: what the gateway needs on the devices registry (created by 0002-transit) and the
// positions (track points) table. Same schema-builder-only style as 0001/0002 so it runs on both engines.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function gateway(engine: Engine) {
  return {
    async up(db: AnyDb): Promise<void> {
      // One ALTER per column: SQLite accepts only one ADD COLUMN per statement.
      const columns: [string, 'varchar(64)' | 'varchar(32)' | 'integer' | 'bigint', string | number | null][] = [
        ['auth_code', 'varchar(64)', ''],
        ['plate', 'varchar(32)', ''],
        ['plate_color', 'integer', 0],
        ['maker', 'varchar(32)', ''],
        ['model', 'varchar(32)', ''],
        ['terminal_id', 'varchar(32)', ''],
        ['online', 'integer', 0],
        ['last_seen_at', 'bigint', null],
        ['registered_at', 'bigint', null],
      ];
      for (const [name, type, fallback] of columns) {
        await db.schema
          .alterTable('devices')
          .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
          .execute();
      }

      // Append-only and written at thousands of rows a second: no foreign keys (each would cost an index probe
      // per row on insert); company_id is still on every row and every query is scoped by it.
      await db.schema
        .createTable('positions')
        .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('terminal_phone', 'varchar(20)', (c) => c.notNull())
        .addColumn('vehicle_id', 'integer')
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        // km/h, degrees 0–359 clockwise from north, metres, km (item 0x01, null when not reported).
        .addColumn('speed', 'real', (c) => c.notNull())
        .addColumn('azimuth', 'integer', (c) => c.notNull())
        .addColumn('altitude', 'integer', (c) => c.notNull())
        .addColumn('mileage', 'double precision')
        // Status and alarm DWORDs as sent (§5.2/5.3); bigint because a DWORD overflows PostgreSQL's int4.
        .addColumn('state', 'bigint', (c) => c.notNull())
        .addColumn('warning', 'bigint', (c) => c.notNull())
        .addColumn('attached', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('event_time', 'bigint', (c) => c.notNull())
        .addColumn('receive_time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('positions_vehicle_time')
        .on('positions')
        .columns(['company_id', 'vehicle_id', 'event_time'])
        .execute();
      await db.schema
        .createIndex('positions_device_time')
        .on('positions')
        .columns(['terminal_phone', 'event_time'])
        .execute();
    },

    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('positions').execute();
      for (const name of [
        'registered_at',
        'last_seen_at',
        'online',
        'terminal_id',
        'model',
        'maker',
        'plate_color',
        'plate',
        'auth_code',
      ]) {
        await db.schema.alterTable('devices').dropColumn(name).execute();
      }
    },
  };
}
