import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../db.ts';

// Transit tables (spec section 3: routes, route stations, bus stops, vehicles, devices, fleets, employees) plus
// what a GTFS import brings (services, departures, duties). The code calls a spec "route" a line (ARCHITECTURE.md).
// Every row carries company_id. Same schema-builder-only style as 0001, so it runs on SQLite and PostgreSQL.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function transit(engine: Engine) {
  const idType = engine === 'postgres' ? 'serial' : 'integer';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  const company = (c: ColumnDefinitionBuilder) => c.notNull().references('companies.id').onDelete('cascade');
  const line = (c: ColumnDefinitionBuilder) => c.notNull().references('lines.id').onDelete('cascade');

  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('fleets')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('fleet_name', 'varchar(128)', (c) => c.notNull())
        .addColumn('category', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('fleets_company_name', ['company_id', 'fleet_name'])
        .execute();

      await db.schema
        .createTable('lines')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('route_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('route_name', 'varchar(128)', (c) => c.notNull())
        .addColumn('sort_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('category', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(10))
        .addColumn('fleet_id', 'integer', (c) => c.references('fleets.id').onDelete('set null'))
        .addColumn('color', 'varchar(16)', (c) => c.notNull().defaultTo('#FF0000'))
        .addColumn('gtfs_route_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('lines_company_code', ['company_id', 'route_code'])
        .execute();

      await db.schema
        .createTable('line_directions')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('line_id', 'integer', line)
        .addColumn('direction', 'integer', (c) => c.notNull())
        .addColumn('origin', 'varchar(128)', (c) => c.notNull())
        .addColumn('terminal', 'varchar(128)', (c) => c.notNull())
        .addColumn('first_time', 'varchar(8)', (c) => c.notNull())
        .addColumn('last_time', 'varchar(8)', (c) => c.notNull())
        .addColumn('distance', 'integer', (c) => c.notNull())
        .addColumn('intervals', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('price', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('avg_station_km', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('station_count', 'integer', (c) => c.notNull())
        .addColumn('shape_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('is_actived', 'integer', (c) => c.notNull().defaultTo(1))
        .addUniqueConstraint('line_directions_line_dir', ['line_id', 'direction'])
        .execute();

      await db.schema
        .createTable('line_stations')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('line_id', 'integer', line)
        .addColumn('direction', 'integer', (c) => c.notNull())
        .addColumn('serial', 'integer', (c) => c.notNull())
        .addColumn('station_name', 'varchar(128)', (c) => c.notNull())
        .addColumn('abridge', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('azimuth', 'integer', (c) => c.notNull())
        .addColumn('distance', 'integer', (c) => c.notNull())
        .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('stop_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('is_opposite', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addUniqueConstraint('line_stations_serial', ['line_id', 'direction', 'serial'])
        .execute();

      await db.schema
        .createTable('line_paths')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('line_id', 'integer', line)
        .addColumn('direction', 'integer', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('style', 'text', (c) => c.notNull().defaultTo('{}'))
        .addUniqueConstraint('line_paths_line_dir', ['line_id', 'direction'])
        .execute();

      await db.schema
        .createTable('bus_stops')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('stop_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('stop_name', 'varchar(128)', (c) => c.notNull())
        .addColumn('stop_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('address', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('is_share', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('routes', 'text', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('bus_stops_company_stop', ['company_id', 'stop_id'])
        .execute();

      await db.schema
        .createTable('services')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('weekdays', 'varchar(7)', (c) => c.notNull())
        .addColumn('start_date', 'varchar(8)', (c) => c.notNull())
        .addColumn('end_date', 'varchar(8)', (c) => c.notNull())
        .addColumn('added', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('removed', 'text', (c) => c.notNull().defaultTo(''))
        .addUniqueConstraint('services_company_service', ['company_id', 'service_id'])
        .execute();

      await db.schema
        .createTable('departures')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('line_id', 'integer', line)
        .addColumn('direction', 'integer', (c) => c.notNull())
        .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('trip_id', 'varchar(128)', (c) => c.notNull())
        .addColumn('block_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('shape_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('headsign', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('departure_time', 'integer', (c) => c.notNull())
        .addColumn('arrival_time', 'integer', (c) => c.notNull())
        .addColumn('stop_count', 'integer', (c) => c.notNull())
        .addUniqueConstraint('departures_company_trip', ['company_id', 'trip_id'])
        .execute();
      await db.schema
        .createIndex('departures_timetable')
        .on('departures')
        .columns(['company_id', 'line_id', 'direction', 'service_id', 'departure_time'])
        .execute();

      await db.schema
        .createTable('devices')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        // JT/T 808 terminal phone number: 12 BCD digits (2013) or 20 (2019); the key a terminal registers with.
        .addColumn('terminal_phone', 'varchar(20)', (c) => c.notNull().unique())
        .addColumn('imei', 'varchar(32)', (c) => c.notNull())
        .addColumn('protocol_version', 'varchar(8)', (c) => c.notNull().defaultTo('2013'))
        .addColumn('device_type', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('sim', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('devices_company').on('devices').columns(['company_id', 'id']).execute();

      await db.schema
        .createTable('vehicles')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('car_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('lpn', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('imei', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('channel', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('line_id', 'integer', (c) => c.references('lines.id').onDelete('set null'))
        .addColumn('fleet_id', 'integer', (c) => c.references('fleets.id').onDelete('set null'))
        .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
        .addColumn('car_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('vehicles_company_name', ['company_id', 'car_name'])
        .execute();
      await db.schema.createIndex('vehicles_imei').on('vehicles').column('imei').execute();

      await db.schema
        .createTable('employees')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('emp_no', 'varchar(32)', (c) => c.notNull())
        .addColumn('emp_name', 'varchar(64)', (c) => c.notNull())
        // 1 driver, 2 conductor.
        .addColumn('emp_type', 'integer', (c) => c.notNull())
        .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('ic_card', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('fleet_id', 'integer', (c) => c.references('fleets.id').onDelete('set null'))
        .addColumn('line_id', 'integer', (c) => c.references('lines.id').onDelete('set null'))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('employees_company_no', ['company_id', 'emp_no'])
        .execute();

      await db.schema
        .createTable('duties')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('block_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('line_id', 'integer', line)
        .addColumn('start_time', 'integer', (c) => c.notNull())
        .addColumn('end_time', 'integer', (c) => c.notNull())
        .addColumn('trip_ids', 'text', (c) => c.notNull())
        .addColumn('vehicle_id', 'integer', (c) => c.references('vehicles.id').onDelete('set null'))
        .addColumn('driver_id', 'integer', (c) => c.references('employees.id').onDelete('set null'))
        .addColumn('conductor_id', 'integer', (c) => c.references('employees.id').onDelete('set null'))
        .addUniqueConstraint('duties_company_block', ['company_id', 'service_id', 'block_id'])
        .execute();
    },

    async down(db: AnyDb): Promise<void> {
      for (const table of [
        'duties',
        'employees',
        'vehicles',
        'devices',
        'departures',
        'services',
        'bus_stops',
        'line_paths',
        'line_stations',
        'line_directions',
        'lines',
        'fleets',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
