import type { ColumnDataType, ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../db.ts';

// Organisation (issue 14, docs/basic-data-org.md): the company's own record (spec "company: sales level, archive
// days, peaks, authorised vehicle count…"), its organisation tree (departments the staff belong to), the fuller
// fleet and employee records (spec §3 employees: nick name, organ, birthday, sex, licence data, entry/quit time),
// IC cards (ordinary, student, elderly, system) and display info (what a line's displays show).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;
type Build = (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
type Column = [name: string, type: ColumnDataType, build: Build];

export function organisation(engine: Engine) {
  const idType = engine === 'postgres' ? 'serial' : 'integer';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  const company = (c: ColumnDefinitionBuilder) => c.notNull().references('companies.id').onDelete('cascade');
  const text = (size: number): [ColumnDataType, Build] => [`varchar(${size})`, (c) => c.notNull().defaultTo('')];

  return {
    async up(db: AnyDb): Promise<void> {
      const companyColumns: Column[] = [
        ['contact', ...text(64)],
        ['phone', ...text(32)],
        ['address', ...text(255)],
        ['remark', ...text(255)],
        ['sales_level', 'integer', (c) => c.notNull().defaultTo(1)],
        ['archive_days', 'integer', (c) => c.notNull().defaultTo(180)],
        // Comma-separated HH:MM-HH:MM, at most three (spec "peak 1-3").
        ['peaks', ...text(64)],
        // 0 = no limit; adding vehicles beyond it answers 1113 (equipment quantity limit).
        ['authorised_vehicles', 'integer', (c) => c.notNull().defaultTo(0)],
        // Epoch seconds the service contract ends; null = open-ended.
        ['expire_time', 'bigint', (c) => c],
        ['updated_at', 'bigint', (c) => c.notNull().defaultTo(0)],
      ];
      for (const [name, type, build] of companyColumns) {
        await db.schema.alterTable('companies').addColumn(name, type, build).execute();
      }

      await db.schema
        .createTable('organisations')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('parent_id', 'integer', (c) => c.references('organisations.id').onDelete('restrict'))
        .addColumn('organ_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('organ_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('leader', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('sort_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('organisations_company_parent')
        .on('organisations')
        .columns(['company_id', 'parent_id'])
        .execute();

      for (const [name, type, build] of [
        ['organ_id', 'integer', (c: ColumnDefinitionBuilder) => c.references('organisations.id').onDelete('set null')],
        ['leader', ...text(64)],
        ['phone', ...text(32)],
        ['remark', ...text(255)],
        ['updated_at', 'bigint', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0)],
      ] satisfies Column[]) {
        await db.schema.alterTable('fleets').addColumn(name, type, build).execute();
      }

      for (const [name, type, build] of [
        ['nick_name', ...text(64)],
        ['organ_id', 'integer', (c: ColumnDefinitionBuilder) => c.references('organisations.id').onDelete('set null')],
        // YYYY-MM-DD: a day, not an instant.
        ['birthday', ...text(10)],
        ['sex', 'integer', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0)],
        // Sensitive: answered masked (spec section 5), stored whole.
        ['id_number', ...text(32)],
        ['licence_no', ...text(32)],
        ['licence_class', ...text(8)],
        ['licence_expiry', ...text(10)],
        ['certificate_no', ...text(32)],
        ['entry_time', 'bigint', (c: ColumnDefinitionBuilder) => c],
        ['quit_time', 'bigint', (c: ColumnDefinitionBuilder) => c],
        ['remark', ...text(255)],
        ['updated_at', 'bigint', (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0)],
      ] satisfies Column[]) {
        await db.schema.alterTable('employees').addColumn(name, type, build).execute();
      }

      await db.schema
        .createTable('ic_cards')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('card_no', 'varchar(32)', (c) => c.notNull())
        // CARD_TYPES: 0 ordinary, 1 student, 2 elderly, 3 system.
        .addColumn('card_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('holder_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        // A system card's employee (driver identity, sign-in).
        .addColumn('employee_id', 'integer', (c) => c.references('employees.id').onDelete('set null'))
        // CARD_STATES: 0 active, 1 reported lost, 2 cancelled.
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('issue_time', 'bigint')
        .addColumn('expire_time', 'bigint')
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('ic_cards_company_card', ['company_id', 'card_no'])
        .execute();
      await db.schema.createIndex('ic_cards_employee').on('ic_cards').column('employee_id').execute();

      await db.schema
        .createTable('display_info')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('display_name', 'varchar(64)', (c) => c.notNull())
        // null = every line of the company.
        .addColumn('line_id', 'integer', (c) => c.references('lines.id').onDelete('cascade'))
        // DISPLAY_TYPES: 0 head sign … 4 station board.
        .addColumn('display_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('content', 'varchar(500)', (c) => c.notNull())
        .addColumn('sort_id', 'integer', (c) => c.notNull().defaultTo(0))
        // 0 shown, 1 hidden.
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('start_time', 'bigint')
        .addColumn('end_time', 'bigint')
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('display_info_company_name', ['company_id', 'display_name'])
        .execute();
      await db.schema.createIndex('display_info_line').on('display_info').columns(['company_id', 'line_id']).execute();
      // Lookups of the fleet's and organisation's members (delete refusals, filters).
      await db.schema
        .createIndex('employees_company_fleet')
        .on('employees')
        .columns(['company_id', 'fleet_id'])
        .execute();
      await db.schema
        .createIndex('vehicles_company_fleet')
        .on('vehicles')
        .columns(['company_id', 'fleet_id'])
        .execute();
    },

    async down(db: AnyDb): Promise<void> {
      await db.schema.dropIndex('vehicles_company_fleet').execute();
      await db.schema.dropIndex('employees_company_fleet').execute();
      await db.schema.dropTable('display_info').execute();
      await db.schema.dropTable('ic_cards').execute();
      for (const c of [
        'nick_name',
        'organ_id',
        'birthday',
        'sex',
        'id_number',
        'licence_no',
        'licence_class',
        'licence_expiry',
        'certificate_no',
        'entry_time',
        'quit_time',
        'remark',
        'updated_at',
      ]) {
        await db.schema.alterTable('employees').dropColumn(c).execute();
      }
      for (const c of ['organ_id', 'leader', 'phone', 'remark', 'updated_at']) {
        await db.schema.alterTable('fleets').dropColumn(c).execute();
      }
      await db.schema.dropTable('organisations').execute();
      for (const c of [
        'contact',
        'phone',
        'address',
        'remark',
        'sales_level',
        'archive_days',
        'peaks',
        'authorised_vehicles',
        'expire_time',
        'updated_at',
      ]) {
        await db.schema.alterTable('companies').dropColumn(c).execute();
      }
    },
  };
}
