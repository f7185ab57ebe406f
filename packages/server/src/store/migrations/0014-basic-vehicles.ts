import type { ColumnDataType, ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../db.ts';

// Basic data for the fleet (issue 14, docs/basic-data.md): device types (which set a device's capability mask),
// SIM cards, the fuller vehicle record of spec section 3 (identity, fuel, weights, dimensions, insurance, tax,
// inspection, licence and contract dates, picture) and vehicle renewals awaiting review (spec section 4 "Vehicle
// renewal: 0 to be reviewed, 1 reviewed, 2 cancelled"). Dates are epoch seconds like every time in the store.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

type Column = [name: string, type: ColumnDataType, fallback: string | number | null];

/** Added to vehicles: text columns default to '', numbers and dates are null when unknown. */
const VEHICLE_COLUMNS: Column[] = [
  ['vin', 'varchar(32)', ''],
  ['fuel_100km', 'double precision', null],
  ['fuel_hour', 'double precision', null],
  ['tank', 'double precision', null],
  ['register_time', 'bigint', null],
  ['expire_time', 'bigint', null],
  ['icon', 'varchar(128)', ''],
  ['approved_number', 'integer', null],
  ['seat', 'integer', null],
  ['source', 'varchar(64)', ''],
  ['model', 'varchar(64)', ''],
  ['compulsory_insurance_time', 'bigint', null],
  ['commercial_insurance_time', 'bigint', null],
  ['tax_due_date', 'bigint', null],
  ['next_inspection_time', 'bigint', null],
  ['next_maintenance_time', 'bigint', null],
  ['fuel_type', 'integer', null],
  ['engine_model', 'varchar(64)', ''],
  ['engine_no', 'varchar(64)', ''],
  ['gross_weight', 'double precision', null],
  ['curb_weight', 'double precision', null],
  ['length', 'integer', null],
  ['width', 'integer', null],
  ['height', 'integer', null],
  ['production_date', 'bigint', null],
  ['scrap_date', 'bigint', null],
  ['contract_no', 'varchar(64)', ''],
  ['contract_expiration_date', 'bigint', null],
  ['registration_number', 'varchar(64)', ''],
  ['unit_id', 'varchar(64)', ''],
  ['img_url', 'varchar(512)', ''],
  ['remark', 'varchar(255)', ''],
  ['updated_at', 'bigint', null],
];

export function basicVehicles(engine: Engine) {
  const idType = engine === 'postgres' ? 'serial' : 'integer';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  const company = (c: ColumnDefinitionBuilder) => c.notNull().references('companies.id').onDelete('cascade');
  const add = async (db: AnyDb, table: string, [name, type, fallback]: Column) => {
    await db.schema
      .alterTable(table)
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  };

  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('device_types')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('type_name', 'varchar(64)', (c) => c.notNull())
        // @headway/spec CAPABILITY_BITS: 5 snapshot, 6 video, 10 send message, 11 talk.
        .addColumn('capabilities', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('channels', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('maker', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('device_types_company_name', ['company_id', 'type_name'])
        .execute();

      await db.schema
        .createTable('sims')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('sim_no', 'varchar(32)', (c) => c.notNull())
        .addColumn('iccid', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('operator', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('expire_time', 'bigint')
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('sims_company_no', ['company_id', 'sim_no'])
        .execute();

      await add(db, 'devices', ['device_type_id', 'integer', null]);
      await add(db, 'devices', ['remark', 'varchar(255)', '']);
      await add(db, 'devices', ['updated_at', 'bigint', null]);
      await db.schema.createIndex('devices_imei').on('devices').column('imei').execute();
      await db.schema.createIndex('devices_type').on('devices').columns(['company_id', 'device_type_id']).execute();

      for (const column of VEHICLE_COLUMNS) await add(db, 'vehicles', column);
      await db.schema.createIndex('vehicles_company_imei').on('vehicles').columns(['company_id', 'imei']).execute();

      await db.schema
        .createTable('vehicle_renewals')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('vehicle_id', 'integer', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
        // @headway/spec RENEWAL_KINDS: which vehicle date a review moves.
        .addColumn('renew_type', 'integer', (c) => c.notNull())
        .addColumn('old_time', 'bigint')
        .addColumn('new_time', 'bigint', (c) => c.notNull())
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('reviewed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('vehicle_renewals_company')
        .on('vehicle_renewals')
        .columns(['company_id', 'state', 'id'])
        .execute();
    },

    async down(db: AnyDb): Promise<void> {
      await db.schema.dropTable('vehicle_renewals').execute();
      await db.schema.dropIndex('vehicles_company_imei').execute();
      for (const [name] of [...VEHICLE_COLUMNS].reverse()) {
        await db.schema.alterTable('vehicles').dropColumn(name).execute();
      }
      await db.schema.dropIndex('devices_type').execute();
      await db.schema.dropIndex('devices_imei').execute();
      for (const name of ['updated_at', 'remark', 'device_type_id']) {
        await db.schema.alterTable('devices').dropColumn(name).execute();
      }
      await db.schema.dropTable('sims').execute();
      await db.schema.dropTable('device_types').execute();
    },
  };
}
