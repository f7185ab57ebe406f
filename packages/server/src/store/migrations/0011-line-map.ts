import type { Kysely } from 'kysely';
import type { Engine } from '../db.ts';

// Line map storage (issue 12, docs/line-map.md): the station traffic states dispatchers set (spec "Station traffic
// status"), and the index the line map's headways read station events by.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function lineMap(_engine: Engine) {
  return {
    async up(db: AnyDb): Promise<void> {
      // One row per station whose state was ever set. The station's row owns it: a GTFS re-import replaces a
      // line's stations, and their states go with them (cascade) rather than sticking to new stations by id.
      await db.schema
        .createTable('station_traffic')
        .addColumn('station_id', 'integer', (c) => c.primaryKey().references('line_stations.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('line_id', 'integer', (c) => c.notNull().references('lines.id').onDelete('cascade'))
        // 0 default, 1 unimpeded, 2 slow, 3 jam (@headway/spec TRAFFIC_STATES).
        .addColumn('traffic_status', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        // The account that set it, kept as text: the user may be renamed or deleted later.
        .addColumn('updated_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('station_traffic_line')
        .on('station_traffic')
        .columns(['company_id', 'line_id'])
        .execute();

      // The headways read one line's events of the last hours, polled every 15 s per open line map: by company and
      // time alone that scans every line's events of the window.
      await db.schema
        .createIndex('station_events_route_time')
        .on('station_events')
        .columns(['company_id', 'route_code', 'event_time'])
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropIndex('station_events_route_time').execute();
      await db.schema.dropTable('station_traffic').execute();
    },
  };
}
