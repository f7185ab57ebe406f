import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../db.ts';

// Messages and device commands (issue 13, docs/commands.md): the message and dispatch logs — which are also the
// queue of commands kept for offline terminals (state 0) — the company's message snippets, the snapshots
// terminals upload, what each device can do, and whether a vehicle is in service.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

/** CAPABILITY_BITS snapshot, video, send message, talk (@headway/spec DEFAULT_DEVICE_CAPABILITIES). */
const DEFAULT_CAPABILITIES = (1 << 5) | (1 << 6) | (1 << 10) | (1 << 11);

export function commands(engine: Engine) {
  const idType = engine === 'postgres' ? 'serial' : 'integer';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  const bytes = engine === 'postgres' ? 'bytea' : 'blob';
  const company = (c: ColumnDefinitionBuilder) => c.notNull().references('companies.id').onDelete('cascade');
  const vehicle = (c: ColumnDefinitionBuilder) => c.references('vehicles.id').onDelete('set null');
  const device = (c: ColumnDefinitionBuilder) => c.references('devices.id').onDelete('set null');

  return {
    async up(db: AnyDb): Promise<void> {
      // One row per vehicle a text was sent to. Names are kept as text: the log outlives renames and deletions.
      await db.schema
        .createTable('message_log')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('uuid', 'varchar(64)', (c) => c.notNull())
        .addColumn('vehicle_id', 'integer', vehicle)
        .addColumn('device_id', 'integer', device)
        .addColumn('car_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('terminal_phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('msg', 'text', (c) => c.notNull())
        .addColumn('flag', 'integer', (c) => c.notNull())
        .addColumn('target', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('send_time', 'bigint', (c) => c.notNull())
        // COMMAND_STATES: 0 queued, 1 sent, 2 replied, 3 refused, 4 not reachable, 5 expired.
        .addColumn('send_state', 'integer', (c) => c.notNull())
        .addColumn('reply_time', 'bigint')
        .addColumn('reply_msg', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('expire_time', 'bigint')
        .execute();
      await db.schema
        .createIndex('message_log_company_time')
        .on('message_log')
        .columns(['company_id', 'send_time'])
        .execute();
      await db.schema.createIndex('message_log_uuid').on('message_log').columns(['company_id', 'uuid']).execute();
      // Queued delivery and driver replies look a device's recent rows up.
      await db.schema
        .createIndex('message_log_device')
        .on('message_log')
        .columns(['device_id', 'send_state', 'send_time'])
        .execute();

      // One row per command to one terminal (parameters, attributes, snapshot, reboot, change route…).
      await db.schema
        .createTable('dispatch_log')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('vehicle_id', 'integer', vehicle)
        .addColumn('device_id', 'integer', device)
        .addColumn('car_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('imei', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('terminal_phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('account', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('command', 'integer', (c) => c.notNull())
        .addColumn('action', 'varchar(32)', (c) => c.notNull())
        .addColumn('request', 'text', (c) => c.notNull().defaultTo('{}'))
        // A queued command's message (JSON of the Jt808Message) until it is delivered.
        .addColumn('payload', 'text')
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('result', 'integer')
        .addColumn('send_time', 'bigint', (c) => c.notNull())
        .addColumn('reply_time', 'bigint')
        .addColumn('expire_time', 'bigint')
        .execute();
      await db.schema
        .createIndex('dispatch_log_company_time')
        .on('dispatch_log')
        .columns(['company_id', 'send_time'])
        .execute();
      await db.schema
        .createIndex('dispatch_log_device')
        .on('dispatch_log')
        .columns(['device_id', 'state', 'send_time'])
        .execute();

      await db.schema
        .createTable('message_snippets')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('snippet', 'varchar(1024)', (c) => c.notNull())
        .addColumn('created_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('message_snippets_company').on('message_snippets').column('company_id').execute();

      // Pictures in the database rather than on the gateway's disk: any API node can serve them, and a snapshot
      // is tens of kilobytes (docs/commands.md "Snapshots").
      await db.schema
        .createTable('snapshots')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', company)
        .addColumn('vehicle_id', 'integer', vehicle)
        .addColumn('device_id', 'integer', device)
        .addColumn('car_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('terminal_phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('media_id', 'bigint', (c) => c.notNull())
        .addColumn('chn', 'integer', (c) => c.notNull())
        // 0x0800 event code: 0 platform command, 1 timer, 2 robbery alarm, …
        .addColumn('event', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('lat', 'double precision')
        .addColumn('lng', 'double precision')
        .addColumn('snap_time', 'bigint', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('image', bytes, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('snapshots_company_vehicle')
        .on('snapshots')
        .columns(['company_id', 'vehicle_id', 'snap_time'])
        .execute();
      await db.schema
        .createIndex('snapshots_device_media')
        .on('snapshots')
        .columns(['device_id', 'media_id'])
        .execute();

      await db.schema
        .alterTable('devices')
        .addColumn('capabilities', 'integer', (c) => c.notNull().defaultTo(DEFAULT_CAPABILITIES))
        .execute();
      // Change route's "out of service" (type 128); 1 in operation.
      await db.schema
        .alterTable('vehicles')
        .addColumn('in_service', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.alterTable('vehicles').dropColumn('in_service').execute();
      await db.schema.alterTable('devices').dropColumn('capabilities').execute();
      for (const table of ['snapshots', 'message_snippets', 'dispatch_log', 'message_log']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
