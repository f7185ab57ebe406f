import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../db.ts';

// Alarms (issue 11, docs/alarms.md): the alarm records with the spec's body and detail fields, their evidence
// files (T/JSATL12 attachments), each user's notice preferences, the company's own alarm types (group 200), and
// the per-line / per-vehicle speed limits the platform's over-speed alarm checks.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function alarms(engine: Engine) {
  const idType = engine === 'postgres' ? 'serial' : 'integer';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  const company = (c: ColumnDefinitionBuilder) => c.notNull().references('companies.id').onDelete('cascade');

  return {
    async up(db: AnyDb): Promise<void> {
      // Append-mostly like positions (closed once, read once): no foreign keys but company_id on every row.
      await db.schema
        .createTable('alarms')
        .addColumn('id', engine === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull())
        // T/JSATL12 alarms: terminal id + time + serial of the identification; others: made by the detector.
        .addColumn('alarm_key', 'varchar(96)', (c) => c.notNull())
        .addColumn('car_id', 'integer')
        .addColumn('car_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('route_id', 'integer')
        .addColumn('route_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('lpn', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('imei', 'varchar(32)', (c) => c.notNull())
        .addColumn('terminal_phone', 'varchar(20)', (c) => c.notNull())
        // Device-level type: the T/JSATL12 type for ADAS/DSM/TPMS/BSD items, the bit for the alarm word, 0 else.
        .addColumn('alarm_type', 'integer', (c) => c.notNull())
        .addColumn('alarm_level', 'integer', (c) => c.notNull())
        // @headway/spec alarm-catalogue code (or a company's own group-200 code).
        .addColumn('platform_alarm_id', 'integer', (c) => c.notNull())
        // The terminal's own alarm id (T/JSATL12 alarm id; 0 for the alarm word and platform alarms).
        .addColumn('device_alarm_id', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('device_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('event_time', 'bigint', (c) => c.notNull())
        // null while the condition lasts (the bit still set); instant alarms (T/JSATL12 events) end at once.
        .addColumn('end_time', 'bigint')
        .addColumn('speed', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('lat', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('lng', 'double precision', (c) => c.notNull().defaultTo(0))
        // JSON: what the report carried beside (gsm, sat, item details, the alarm identification).
        .addColumn('attached', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('attached_count', 'integer', (c) => c.notNull().defaultTo(0))
        // 0 unread, 1 read; never back (spec section 5 "Alarm read").
        .addColumn('is_readed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('read_by', 'integer')
        .addColumn('read_by_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('read_time', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alarms_company_time').on('alarms').columns(['company_id', 'event_time']).execute();
      await db.schema
        .createIndex('alarms_company_unread')
        .on('alarms')
        .columns(['company_id', 'is_readed', 'event_time'])
        .execute();
      await db.schema
        .createIndex('alarms_company_car')
        .on('alarms')
        .columns(['company_id', 'car_id', 'event_time'])
        .execute();
      await db.schema.createIndex('alarms_key').on('alarms').columns(['company_id', 'alarm_key']).execute();
      // The detector's restart reads the open ones.
      await db.schema.createIndex('alarms_open').on('alarms').columns(['end_time', 'company_id']).execute();

      await db.schema
        .createTable('alarm_files')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('alarm_key', 'varchar(96)', (c) => c.notNull())
        .addColumn('file_name', 'varchar(128)', (c) => c.notNull())
        // Path under the attachment storage root, as GET /device/alarm/file/… serves it.
        .addColumn('relative_path', 'varchar(255)', (c) => c.notNull())
        // Spec "Alarm file": 0 image, 2 video (T/JSATL12 also 1 audio, 3 text, 4 other).
        .addColumn('file_type', 'integer', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        // 1 when every byte arrived (the terminal's 0x1212 and no missing range).
        .addColumn('complete', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('alarm_files_key_name', ['company_id', 'alarm_key', 'file_name'])
        .execute();

      await db.schema
        .createTable('user_alarm_prefs')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', company)
        .addColumn('platform_alarm_id', 'integer', (c) => c.notNull())
        // 0 on, 1 off (spec section 3).
        .addColumn('web_notice', 'integer', (c) => c.notNull())
        .addColumn('app_notice', 'integer', (c) => c.notNull())
        .addColumn('mail_notice', 'integer', (c) => c.notNull())
        // 1 show a popup.
        .addColumn('is_show', 'integer', (c) => c.notNull())
        // Seconds the popup stays; 0 until closed.
        .addColumn('duration', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_alarm_prefs_pk', ['user_id', 'platform_alarm_id'])
        .execute();

      await db.schema
        .createTable('custom_alarm_types')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('platform_alarm_id', 'integer', (c) => c.notNull())
        .addColumn('group_id', 'integer', (c) => c.notNull())
        .addColumn('alarm_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('name_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('alarm_level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('custom_alarm_types_code', ['company_id', 'platform_alarm_id'])
        .addUniqueConstraint('custom_alarm_types_name', ['company_id', 'name_key'])
        .execute();

      // km/h; null = the company's default (companies.config alarm rules), 0 = no limit.
      await db.schema.alterTable('lines').addColumn('speed_limit', 'integer').execute();
      await db.schema.alterTable('vehicles').addColumn('speed_limit', 'integer').execute();
    },

    async down(db: AnyDb): Promise<void> {
      await db.schema.alterTable('vehicles').dropColumn('speed_limit').execute();
      await db.schema.alterTable('lines').dropColumn('speed_limit').execute();
      for (const table of ['custom_alarm_types', 'user_alarm_prefs', 'alarm_files', 'alarms']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
