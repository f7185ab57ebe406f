import { CODE_MAX_LENGTH, DISPLAY_CONTENT_MAX, NAME_MAX_LENGTH, REMARK_MAX_LENGTH } from '@headway/spec';
import { type Static, type TObject, type TProperties, Type } from 'typebox';
import { ListExportOptions, PageQuery } from './lists.ts';

// Basic data of the organisation (issue 14, docs/basic-data-org.md, docs/api.md "Basic data: companies, fleets,
// staff"): /basic/organisations, /basic/companies, /basic/fleets, /basic/employees, /basic/ic-cards,
// /basic/display-info. The schemas bound raw text generously; the generic rules of spec section 5 (names 3–64 after
// trimming, remark ≤ 255, phone, codes, dates) are checked by the routes with @headway/spec field-rules, so the
// failure names the field and the rule.

const Text = (max: number) => Type.String({ maxLength: max * 4 });
const OptText = (max: number) => Type.Optional(Text(max));
const Id = Type.Integer({ minimum: 1 });
const OptRef = Type.Optional(Type.Union([Id, Type.Null()]));
const Epoch = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);
const Search = Type.Optional(Type.String({ maxLength: 64 }));
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** A list query: the page, then the screen's filters, all as GET query parameters. */
const ListQuery = <P extends TProperties>(filters: P) => Type.Intersect([PageQuery, Type.Object(filters)]);
/** An export takes the list's filters and the export options (format, scope, page, limit, time_zone). */
const ExportQuery = <P extends TProperties>(filters: P) => Type.Object({ ...filters, ...ListExportOptions.properties });
const WithId = <T extends TObject>(body: T) => Type.Object({ id: Id, ...(body.properties as T['properties']) });

// ── Organisations ────────────────────────────────────────────────────────────────────────────────────────────
export const OrganisationRow = Type.Object({
  id: Type.Integer(),
  organ_name: Type.String(),
  organ_code: Type.String(),
  parent_id: Nullable(Type.Integer()),
  parent_name: Type.String(),
  leader: Type.String(),
  phone: Type.String(),
  sort_id: Type.Integer(),
  remark: Type.String(),
  /** Staff in this organisation (not counting sub-organisations). */
  employee_count: Type.Integer(),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export type OrganisationRow = Static<typeof OrganisationRow>;

export interface OrganisationNode {
  id: number;
  organ_name: string;
  parent_id: number | null;
  children: OrganisationNode[];
}

const OrganisationFilters = { search: Search, parent_id: Type.Optional(Type.Integer()) };
export const OrganisationListQuery = ListQuery(OrganisationFilters);
export type OrganisationListQuery = Static<typeof OrganisationListQuery>;
export const OrganisationExportQuery = ExportQuery(OrganisationFilters);
export type OrganisationExportQuery = Static<typeof OrganisationExportQuery>;

export const OrganisationBody = Type.Object({
  organ_name: Text(NAME_MAX_LENGTH),
  parent_id: OptRef,
  organ_code: OptText(CODE_MAX_LENGTH),
  leader: OptText(NAME_MAX_LENGTH),
  phone: OptText(32),
  sort_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
  remark: OptText(REMARK_MAX_LENGTH),
});
export type OrganisationBody = Static<typeof OrganisationBody>;
export const UpdateOrganisationBody = WithId(OrganisationBody);
export type UpdateOrganisationBody = Static<typeof UpdateOrganisationBody>;
export const OrganisationValidatorQuery = Type.Object({ organ_name: Text(NAME_MAX_LENGTH), id: Type.Optional(Id) });
export type OrganisationValidatorQuery = Static<typeof OrganisationValidatorQuery>;

// ── Companies ────────────────────────────────────────────────────────────────────────────────────────────────
export const CompanyRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  title: Type.String(),
  logo: Type.String(),
  contact: Type.String(),
  phone: Type.String(),
  address: Type.String(),
  remark: Type.String(),
  /** SALES_LEVELS of @headway/spec. */
  sales_level: Type.Integer(),
  archive_days: Type.Integer(),
  /** Comma-separated HH:MM-HH:MM, at most three. */
  peaks: Type.String(),
  /** 0 = no limit. */
  authorised_vehicles: Type.Integer(),
  vehicle_count: Type.Integer(),
  user_count: Type.Integer(),
  expire_time: Nullable(Type.Integer()),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export type CompanyRow = Static<typeof CompanyRow>;

const CompanyFilters = { search: Search };
export const CompanyListQuery = ListQuery(CompanyFilters);
export type CompanyListQuery = Static<typeof CompanyListQuery>;
export const CompanyExportQuery = ExportQuery(CompanyFilters);
export type CompanyExportQuery = Static<typeof CompanyExportQuery>;

const CompanyFields = {
  name: Text(NAME_MAX_LENGTH),
  title: OptText(128),
  logo: OptText(512),
  contact: OptText(NAME_MAX_LENGTH),
  phone: OptText(32),
  address: OptText(REMARK_MAX_LENGTH),
  remark: OptText(REMARK_MAX_LENGTH),
  sales_level: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
  archive_days: Type.Optional(Type.Integer()),
  peaks: OptText(64),
  authorised_vehicles: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  expire_time: Type.Optional(Epoch),
};
export const CreateCompanyBody = Type.Object({
  ...CompanyFields,
  /** The new company's first administrator (both or neither): without one nobody could sign in to it. */
  admin_account: Type.Optional(Type.String({ minLength: 3, maxLength: 64, pattern: '^[A-Za-z0-9._@-]+$' })),
  /** MD5 of the password, lower-case hex, as at login. */
  admin_password: Type.Optional(Type.String({ pattern: '^[0-9a-f]{32}$' })),
});
export type CreateCompanyBody = Static<typeof CreateCompanyBody>;
export const UpdateCompanyBody = Type.Object({ id: Id, ...CompanyFields });
export type UpdateCompanyBody = Static<typeof UpdateCompanyBody>;
export const CompanyValidatorQuery = Type.Object({ name: Text(NAME_MAX_LENGTH), id: Type.Optional(Id) });
export type CompanyValidatorQuery = Static<typeof CompanyValidatorQuery>;

// ── Fleets ───────────────────────────────────────────────────────────────────────────────────────────────────
export const FleetRow = Type.Object({
  id: Type.Integer(),
  fleet_name: Type.String(),
  /** FLEET_CATEGORIES: 0–5, 100, 200. */
  category: Type.Integer(),
  organ_id: Nullable(Type.Integer()),
  organ_name: Type.String(),
  leader: Type.String(),
  phone: Type.String(),
  remark: Type.String(),
  vehicle_count: Type.Integer(),
  employee_count: Type.Integer(),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export type FleetRow = Static<typeof FleetRow>;

const FleetFilters = { search: Search, category: Type.Optional(Type.Integer()), organ_id: Type.Optional(Id) };
export const FleetListQuery = ListQuery(FleetFilters);
export type FleetListQuery = Static<typeof FleetListQuery>;
export const FleetExportQuery = ExportQuery(FleetFilters);
export type FleetExportQuery = Static<typeof FleetExportQuery>;

export const FleetBody = Type.Object({
  fleet_name: Text(NAME_MAX_LENGTH),
  category: Type.Integer(),
  organ_id: OptRef,
  leader: OptText(NAME_MAX_LENGTH),
  phone: OptText(32),
  remark: OptText(REMARK_MAX_LENGTH),
});
export type FleetBody = Static<typeof FleetBody>;
export const UpdateFleetBody = WithId(FleetBody);
export type UpdateFleetBody = Static<typeof UpdateFleetBody>;
export const FleetValidatorQuery = Type.Object({ fleet_name: Text(NAME_MAX_LENGTH), id: Type.Optional(Id) });
export type FleetValidatorQuery = Static<typeof FleetValidatorQuery>;

/** A choice in a picker (fleet, employee, line). */
export const OptionRow = Type.Object({ id: Type.Integer(), label: Type.String() });
export type OptionRow = Static<typeof OptionRow>;

// ── Employees (staff) ────────────────────────────────────────────────────────────────────────────────────────
export const EmployeeRow = Type.Object({
  id: Type.Integer(),
  /** The employee number (spec emp_id), unique in the company. */
  emp_id: Type.String(),
  emp_name: Type.String(),
  nick_name: Type.String(),
  /** EMPLOYEE_TYPES: 1 driver, 2 conductor, 3 dispatcher, 4 mechanic, 5 manager, 9 other. */
  emp_type: Type.Integer(),
  phone: Type.String(),
  organ_id: Nullable(Type.Integer()),
  organ_name: Type.String(),
  fleet_id: Nullable(Type.Integer()),
  fleet_name: Type.String(),
  route_id: Nullable(Type.Integer()),
  route_name: Type.String(),
  /** YYYY-MM-DD or ''. */
  birthday: Type.String(),
  /** SEXES: 0 not stated, 1 male, 2 female. */
  sex: Type.Integer(),
  /** Masked (spec section 5). */
  id_number: Type.String(),
  /** Masked. */
  licence_no: Type.String(),
  licence_class: Type.String(),
  licence_expiry: Type.String(),
  /** Masked. */
  certificate_no: Type.String(),
  ic_card: Type.String(),
  /** EMPLOYEE_STATES: 0 on the job, 10 on leave, 100 quit. */
  state: Type.Integer(),
  entry_time: Nullable(Type.Integer()),
  quit_time: Nullable(Type.Integer()),
  remark: Type.String(),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export type EmployeeRow = Static<typeof EmployeeRow>;

const EmployeeFilters = {
  search: Search,
  emp_type: Type.Optional(Type.Integer()),
  state: Type.Optional(Type.Integer()),
  fleet_id: Type.Optional(Id),
  organ_id: Type.Optional(Id),
  route_id: Type.Optional(Id),
};
export const EmployeeListQuery = ListQuery(EmployeeFilters);
export type EmployeeListQuery = Static<typeof EmployeeListQuery>;
export const EmployeeExportQuery = ExportQuery(EmployeeFilters);
export type EmployeeExportQuery = Static<typeof EmployeeExportQuery>;

export const EmployeeBody = Type.Object({
  emp_id: Text(CODE_MAX_LENGTH),
  emp_name: Text(NAME_MAX_LENGTH),
  nick_name: OptText(NAME_MAX_LENGTH),
  emp_type: Type.Integer(),
  phone: OptText(32),
  organ_id: OptRef,
  fleet_id: OptRef,
  route_id: OptRef,
  birthday: OptText(10),
  sex: Type.Optional(Type.Integer()),
  /** Sending back the masked value the row showed keeps the stored one. */
  id_number: OptText(CODE_MAX_LENGTH),
  licence_no: OptText(CODE_MAX_LENGTH),
  licence_class: OptText(8),
  licence_expiry: OptText(10),
  certificate_no: OptText(CODE_MAX_LENGTH),
  ic_card: OptText(CODE_MAX_LENGTH),
  state: Type.Optional(Type.Integer()),
  entry_time: Type.Optional(Epoch),
  quit_time: Type.Optional(Epoch),
  remark: OptText(REMARK_MAX_LENGTH),
});
export type EmployeeBody = Static<typeof EmployeeBody>;
export const UpdateEmployeeBody = WithId(EmployeeBody);
export type UpdateEmployeeBody = Static<typeof UpdateEmployeeBody>;
/** One of emp_id or ic_card; `id` is the employee being edited, whose own values do not count as taken. */
export const EmployeeValidatorQuery = Type.Object({
  emp_id: OptText(CODE_MAX_LENGTH),
  ic_card: OptText(CODE_MAX_LENGTH),
  id: Type.Optional(Id),
});
export type EmployeeValidatorQuery = Static<typeof EmployeeValidatorQuery>;
export const MaxEmployeeNumber = Type.Object({
  /** The largest employee number in the company (longest, then greatest), null when there are none. */
  max_emp_id: Nullable(Type.String()),
  /** What the add form proposes: the max's trailing digits plus one. */
  next_emp_id: Type.String(),
});
export type MaxEmployeeNumber = Static<typeof MaxEmployeeNumber>;
export const OptionQuery = Type.Object({ search: Search });
export type OptionQuery = Static<typeof OptionQuery>;

// ── IC cards ─────────────────────────────────────────────────────────────────────────────────────────────────
export const IcCardRow = Type.Object({
  id: Type.Integer(),
  card_no: Type.String(),
  /** CARD_TYPES: 0 ordinary, 1 student, 2 elderly, 3 system. */
  card_type: Type.Integer(),
  holder_name: Type.String(),
  phone: Type.String(),
  /** A system card's employee (row id), its number and name. */
  employee_id: Nullable(Type.Integer()),
  emp_id: Type.String(),
  emp_name: Type.String(),
  /** CARD_STATES: 0 active, 1 reported lost, 2 cancelled. */
  state: Type.Integer(),
  issue_time: Nullable(Type.Integer()),
  expire_time: Nullable(Type.Integer()),
  remark: Type.String(),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export type IcCardRow = Static<typeof IcCardRow>;

const IcCardFilters = {
  search: Search,
  card_type: Type.Optional(Type.Integer()),
  state: Type.Optional(Type.Integer()),
};
export const IcCardListQuery = ListQuery(IcCardFilters);
export type IcCardListQuery = Static<typeof IcCardListQuery>;
export const IcCardExportQuery = ExportQuery(IcCardFilters);
export type IcCardExportQuery = Static<typeof IcCardExportQuery>;

export const IcCardBody = Type.Object({
  card_no: Text(CODE_MAX_LENGTH),
  card_type: Type.Integer(),
  holder_name: OptText(NAME_MAX_LENGTH),
  phone: OptText(32),
  employee_id: OptRef,
  state: Type.Optional(Type.Integer()),
  issue_time: Type.Optional(Epoch),
  expire_time: Type.Optional(Epoch),
  remark: OptText(REMARK_MAX_LENGTH),
});
export type IcCardBody = Static<typeof IcCardBody>;
export const UpdateIcCardBody = WithId(IcCardBody);
export type UpdateIcCardBody = Static<typeof UpdateIcCardBody>;
export const IcCardValidatorQuery = Type.Object({ card_no: Text(CODE_MAX_LENGTH), id: Type.Optional(Id) });
export type IcCardValidatorQuery = Static<typeof IcCardValidatorQuery>;

// ── Display info ─────────────────────────────────────────────────────────────────────────────────────────────
export const DisplayInfoRow = Type.Object({
  id: Type.Integer(),
  display_name: Type.String(),
  /** null: every line of the company. */
  route_id: Nullable(Type.Integer()),
  route_name: Type.String(),
  /** DISPLAY_TYPES: 0 head sign, 1 side, 2 rear, 3 interior LED, 4 station board. */
  display_type: Type.Integer(),
  content: Type.String(),
  sort_id: Type.Integer(),
  /** 0 shown, 1 hidden. */
  state: Type.Integer(),
  start_time: Nullable(Type.Integer()),
  end_time: Nullable(Type.Integer()),
  remark: Type.String(),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});
export type DisplayInfoRow = Static<typeof DisplayInfoRow>;

const DisplayInfoFilters = {
  search: Search,
  route_id: Type.Optional(Id),
  display_type: Type.Optional(Type.Integer()),
  state: Type.Optional(Type.Integer()),
};
export const DisplayInfoListQuery = ListQuery(DisplayInfoFilters);
export type DisplayInfoListQuery = Static<typeof DisplayInfoListQuery>;
export const DisplayInfoExportQuery = ExportQuery(DisplayInfoFilters);
export type DisplayInfoExportQuery = Static<typeof DisplayInfoExportQuery>;

export const DisplayInfoBody = Type.Object({
  display_name: Text(NAME_MAX_LENGTH),
  route_id: OptRef,
  display_type: Type.Integer(),
  content: Type.String({ maxLength: DISPLAY_CONTENT_MAX * 4 }),
  sort_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999 })),
  state: Type.Optional(Type.Integer()),
  start_time: Type.Optional(Epoch),
  end_time: Type.Optional(Epoch),
  remark: OptText(REMARK_MAX_LENGTH),
});
export type DisplayInfoBody = Static<typeof DisplayInfoBody>;
export const UpdateDisplayInfoBody = WithId(DisplayInfoBody);
export type UpdateDisplayInfoBody = Static<typeof UpdateDisplayInfoBody>;
export const DisplayInfoValidatorQuery = Type.Object({ display_name: Text(NAME_MAX_LENGTH), id: Type.Optional(Id) });
export type DisplayInfoValidatorQuery = Static<typeof DisplayInfoValidatorQuery>;
export const DisplayRouteQuery = Type.Object({ route_id: Id });
export type DisplayRouteQuery = Static<typeof DisplayRouteQuery>;
