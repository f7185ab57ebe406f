import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Engine } from '../db.ts';

// Foundation tables: tenants, roles, users, sessions, WeChat bindings. Written with the schema
// builder only, so the same migration runs on SQLite and PostgreSQL; the one dialect difference
// (auto-increment ids) is handled by `idColumn`.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function foundation(engine: Engine) {
  // SQLite's INTEGER PRIMARY KEY AUTOINCREMENT vs PostgreSQL's SERIAL: the only dialect split.
  const idType = engine === 'postgres' ? 'serial' : 'integer';
  const idColumn = (c: ColumnDefinitionBuilder) =>
    engine === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema
        .createTable('companies')
        .addColumn('id', idType, idColumn)
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('title', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('logo', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('config', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('roles')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('cascade'))
        .addColumn('role_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('role_flag', 'varchar(16)', (c) => c.notNull())
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('roles_company').on('roles').column('company_id').execute();

      await db.schema
        .createTable('users')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('account', 'varchar(64)', (c) => c.notNull())
        .addColumn('account_key', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'varchar(128)', (c) => c.notNull().defaultTo(''))
        .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('img_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
        .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
        .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('password_hash', 'varchar(128)', (c) => c.notNull())
        .addColumn('password_salt', 'varchar(64)', (c) => c.notNull())
        .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_failed_at', 'bigint')
        .addColumn('locked_until', 'bigint')
        .addColumn('user_config', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('account_expires_at', 'bigint')
        .addColumn('password_expires_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_login_at', 'bigint')
        .execute();
      await db.schema.createIndex('users_company').on('users').columns(['company_id', 'id']).execute();
      await db.schema.createIndex('users_role').on('users').column('role_id').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', idType, idColumn)
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('uuid', 'varchar(64)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('client_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .addColumn('login_at', 'bigint', (c) => c.notNull())
        .addColumn('last_active_at', 'bigint', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        .addColumn('end_reason', 'varchar(16)')
        .execute();
      await db.schema
        .createIndex('sessions_company_active')
        .on('sessions')
        .columns(['company_id', 'ended_at'])
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('wechat_bindings')
        .addColumn('union_id', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('wechat_bindings_user').on('wechat_bindings').column('user_id').execute();
    },

    async down(db: AnyDb): Promise<void> {
      for (const table of ['wechat_bindings', 'sessions', 'users', 'roles', 'companies']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
