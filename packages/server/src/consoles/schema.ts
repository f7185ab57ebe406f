import type { Generated, Kysely } from 'kysely';
import type { TransitTables } from '../lines/schema.ts';
import type { Database } from '../store/schema.ts';

// Kysely shapes of the console tables (migration 0006-consoles), joined onto the store's Database with withTables
// like the other features' tables. The transit tables come along: consoles are assigned lines.

export interface ConsolesTable {
  id: Generated<number>;
  company_id: number;
  console_name: string;
  /** Lower-cased console_name: unique per company. */
  name_key: string;
  remark: string;
  created_at: number;
}

export interface ConsoleRoutesTable {
  console_id: number;
  line_id: number;
  company_id: number;
}

export interface ConsoleUsersTable {
  console_id: number;
  user_id: number;
  company_id: number;
}

export type ConsoleTables = {
  consoles: ConsolesTable;
  console_routes: ConsoleRoutesTable;
  console_users: ConsoleUsersTable;
};

export type ConsoleDatabase = Database & TransitTables & ConsoleTables;

export function consolesDb(db: Kysely<Database>): Kysely<ConsoleDatabase> {
  return db.withTables<TransitTables>().withTables<ConsoleTables>();
}
