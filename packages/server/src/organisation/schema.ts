import type { Generated, Kysely } from 'kysely';
import type { TransitTables } from '../lines/schema.ts';
import type { Database } from '../store/schema.ts';

// Kysely shapes of migration 0016-organisation: the columns it adds to companies, fleets and employees, and its
// new tables. Joined onto the store's Database with withTables, as the transit tables are.

/** What 0016 adds to companies (the foundation's name, title, logo and config stay theirs). */
export interface CompanyRecordColumns {
  contact: Generated<string>;
  phone: Generated<string>;
  address: Generated<string>;
  remark: Generated<string>;
  sales_level: Generated<number>;
  archive_days: Generated<number>;
  peaks: Generated<string>;
  authorised_vehicles: Generated<number>;
  expire_time: number | null;
  updated_at: Generated<number>;
}

export interface FleetRecordColumns {
  organ_id: number | null;
  leader: Generated<string>;
  phone: Generated<string>;
  remark: Generated<string>;
  updated_at: Generated<number>;
}

export interface EmployeeRecordColumns {
  nick_name: Generated<string>;
  organ_id: number | null;
  birthday: Generated<string>;
  sex: Generated<number>;
  id_number: Generated<string>;
  licence_no: Generated<string>;
  licence_class: Generated<string>;
  licence_expiry: Generated<string>;
  certificate_no: Generated<string>;
  entry_time: number | null;
  quit_time: number | null;
  remark: Generated<string>;
  updated_at: Generated<number>;
}

export interface OrganisationsTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  organ_name: string;
  organ_code: Generated<string>;
  leader: Generated<string>;
  phone: Generated<string>;
  sort_id: Generated<number>;
  remark: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface IcCardsTable {
  id: Generated<number>;
  company_id: number;
  card_no: string;
  card_type: Generated<number>;
  holder_name: Generated<string>;
  phone: Generated<string>;
  employee_id: number | null;
  state: Generated<number>;
  issue_time: number | null;
  expire_time: number | null;
  remark: Generated<string>;
  created_at: number;
  updated_at: number;
}

export interface DisplayInfoTable {
  id: Generated<number>;
  company_id: number;
  display_name: string;
  line_id: number | null;
  display_type: Generated<number>;
  content: string;
  sort_id: Generated<number>;
  state: Generated<number>;
  start_time: number | null;
  end_time: number | null;
  remark: Generated<string>;
  created_at: number;
  updated_at: number;
}

export type OrganisationTables = {
  companies: Database['companies'] & CompanyRecordColumns;
  fleets: TransitTables['fleets'] & FleetRecordColumns;
  employees: TransitTables['employees'] & EmployeeRecordColumns;
  lines: TransitTables['lines'];
  vehicles: TransitTables['vehicles'];
  organisations: OrganisationsTable;
  ic_cards: IcCardsTable;
  display_info: DisplayInfoTable;
};

export type OrganisationDatabase = Omit<Database, 'companies'> & OrganisationTables;

export function organisationDb(db: Kysely<Database>): Kysely<OrganisationDatabase> {
  return db as unknown as Kysely<OrganisationDatabase>;
}
