import type { Kysely } from 'kysely';
import type { Engine } from '../db.ts';

// Ingest storage: station departure/arrival events (spec "Departure/arrival event", searched by
// /device/depart/arrive) and the live state of each vehicle, so a restart shows every bus where it was with its
// line progress. The GTFS trips table is already called `departures` (0002-transit), hence `station_events`.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function ingest(engine: Engine) {
  return {
    async up(db: AnyDb): Promise<void> {
      // Append-only like positions: no foreign keys, company_id on every row.
      await db.schema
        .createTable('station_events')
        .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('imei', 'varchar(32)', (c) => c.notNull())
        .addColumn('terminal_phone', 'varchar(20)', (c) => c.notNull())
        .addColumn('car_id', 'integer', (c) => c.notNull())
        .addColumn('car_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('route_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('route_name', 'varchar(128)', (c) => c.notNull())
        .addColumn('direction', 'integer', (c) => c.notNull())
        .addColumn('serial', 'integer', (c) => c.notNull())
        .addColumn('station_name', 'varchar(255)', (c) => c.notNull())
        // 1 arrival, 2 departure.
        .addColumn('flag', 'integer', (c) => c.notNull())
        .addColumn('event_time', 'bigint', (c) => c.notNull())
        // Report state bits at detection; support 1 = interpolated over a reporting gap (estimated), 0 measured.
        .addColumn('state', 'bigint', (c) => c.notNull())
        .addColumn('support', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('station_events_company_time')
        .on('station_events')
        .columns(['company_id', 'event_time'])
        .execute();
      await db.schema
        .createIndex('station_events_car_time')
        .on('station_events')
        .columns(['company_id', 'car_id', 'event_time'])
        .execute();

      await db.schema
        .createTable('vehicle_live_state')
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('car_id', 'integer', (c) => c.notNull())
        .addColumn('imei', 'varchar(32)', (c) => c.notNull())
        .addColumn('terminal_phone', 'varchar(20)', (c) => c.notNull())
        .addColumn('event_time', 'bigint', (c) => c.notNull())
        // JSON real_data as last published (route progress, passenger, card, att).
        .addColumn('real_data', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('vehicle_live_state_pk', ['company_id', 'car_id'])
        .execute();

      // Learned segment times per line (progress engine history), restored at start so ETAs survive restarts.
      await db.schema
        .createTable('line_segment_times')
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('route_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('times', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('line_segment_times_pk', ['company_id', 'route_code'])
        .execute();
    },

    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('line_segment_times').execute();
      await db.schema.dropTable('vehicle_live_state').execute();
      await db.schema.dropTable('station_events').execute();
    },
  };
}
