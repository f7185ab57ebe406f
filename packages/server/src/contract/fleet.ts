import { NAME_MAX, PLATE_MAX, REMARK_MAX } from '@headway/spec';
import { type Static, type TSchema, Type } from 'typebox';
import { ListExportOptions, PageQuery } from './lists.ts';

// Basic data of the fleet (issue 14, docs/basic-data.md, docs/api.md "Basic data: vehicles and devices"):
// /basic/cars, /basic/devices, /basic/sims, /basic/device-types, renewals and the expiry reminders. The schemas
// bound the raw input; the spec's rules (names 3–64 after trimming, formats, codes) are checked by the routes
// with @headway/spec so the refusal names the field.

/**
 * A number or null as one JSON-schema type list (`['integer', 'null']`), not a union: the API's ajv coerces types,
 * and in a union a null tried against the integer becomes 0 (no line 0, a date of 1970) while a 0 tried against
 * null becomes null. With a type list ajv leaves a value of either type alone.
 */
const Nullable = <T extends TSchema>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [(schema as unknown as { type: string }).type, 'null'] });
/** Epoch seconds, or null for "not known". */
const DateField = Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 32503680000 })));
const Amount = Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1_000_000 })));
const Count = Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000 })));
const Text = (max: number) => Type.Optional(Type.String({ maxLength: max * 4 }));
const RawName = Type.String({ maxLength: NAME_MAX * 4 });
const Id = Type.Integer({ minimum: 1 });

// ---- Vehicles ----

/** What a vehicle form sends; a PUT replaces the record (fields left out take their defaults, as on create). */
const VehicleFields = {
  car_name: RawName,
  lpn: Type.String({ maxLength: PLATE_MAX * 4 }),
  /** The bound terminal's IMEI (a device of the company); '' or absent for none. */
  imei: Text(32),
  route_id: Type.Optional(Nullable(Type.Integer())),
  fleet_id: Type.Optional(Nullable(Type.Integer())),
  car_type: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
  state: Type.Optional(Type.Integer()),
  /** Camera channel names, comma-separated; a name with * has no audio. */
  channel: Text(255),
  vin: Text(32),
  fuel_100km: Amount,
  fuel_hour: Amount,
  tank: Amount,
  register_time: DateField,
  expire_time: DateField,
  icon: Text(128),
  approved_number: Count,
  seat: Count,
  source: Text(64),
  model: Text(64),
  compulsory_insurance_time: DateField,
  commercial_insurance_time: DateField,
  tax_due_date: DateField,
  next_inspection_time: DateField,
  next_maintenance_time: DateField,
  fuel_type: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 255 }))),
  engine_model: Text(64),
  engine_no: Text(64),
  gross_weight: Amount,
  curb_weight: Amount,
  length: Count,
  width: Count,
  height: Count,
  production_date: DateField,
  scrap_date: DateField,
  contract_no: Text(64),
  contract_expiration_date: DateField,
  registration_number: Text(64),
  unit_id: Text(64),
  img_url: Text(512),
  remark: Text(REMARK_MAX),
};

export const CreateVehicleBody = Type.Object(VehicleFields);
export type CreateVehicleBody = Static<typeof CreateVehicleBody>;
export const UpdateVehicleBody = Type.Object({ car_id: Id, ...VehicleFields });
export type UpdateVehicleBody = Static<typeof UpdateVehicleBody>;

export interface VehicleRecord {
  car_id: number;
  car_name: string;
  lpn: string;
  imei: string;
  /** The bound device's terminal phone, '' without one. */
  terminal_phone: string;
  device_id: number | null;
  route_id: number | null;
  route_code: string;
  route_name: string;
  fleet_id: number | null;
  fleet_name: string;
  car_type: number;
  state: number;
  channel: string;
  vin: string;
  fuel_100km: number | null;
  fuel_hour: number | null;
  tank: number | null;
  register_time: number | null;
  expire_time: number | null;
  icon: string;
  approved_number: number | null;
  seat: number | null;
  source: string;
  model: string;
  compulsory_insurance_time: number | null;
  commercial_insurance_time: number | null;
  tax_due_date: number | null;
  next_inspection_time: number | null;
  next_maintenance_time: number | null;
  fuel_type: number | null;
  engine_model: string;
  engine_no: string;
  gross_weight: number | null;
  curb_weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  production_date: number | null;
  scrap_date: number | null;
  contract_no: string;
  contract_expiration_date: number | null;
  registration_number: string;
  unit_id: string;
  img_url: string;
  remark: string;
  created_at: number;
  updated_at: number | null;
}

export const VehicleFilter = Type.Object({
  /** Part of the name, plate or IMEI, any case. */
  search: Type.Optional(Type.String({ maxLength: 64 })),
  route_id: Type.Optional(Type.Integer()),
  fleet_id: Type.Optional(Type.Integer()),
  state: Type.Optional(Type.Integer()),
  car_type: Type.Optional(Type.Integer()),
});
export type VehicleFilter = Static<typeof VehicleFilter>;

export const VehicleListQuery = Type.Intersect([PageQuery, VehicleFilter]);
export type VehicleListQuery = Static<typeof VehicleListQuery>;

export const VehicleExportQuery = Type.Intersect([VehicleFilter, ListExportOptions]);
export type VehicleExportQuery = Static<typeof VehicleExportQuery>;

/** GET /basic/cars/validator: is this value free? `id` is the record being edited. */
export const VehicleValidatorQuery = Type.Object({
  field: Type.Union([Type.Literal('car_name'), Type.Literal('lpn'), Type.Literal('imei'), Type.Literal('vin')]),
  value: Type.String({ maxLength: 256 }),
  id: Type.Optional(Type.Integer()),
});
export type VehicleValidatorQuery = Static<typeof VehicleValidatorQuery>;

/** PUT /basic/cars/seat: the type review's edit (seats, approved passengers, vehicle type). */
export const VehicleSeatBody = Type.Object({
  car_id: Id,
  seat: Count,
  approved_number: Count,
  car_type: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
});
export type VehicleSeatBody = Static<typeof VehicleSeatBody>;

/** PUT /basic/cars/certificate: the licence review's edit (registration, licence and inspection dates). */
export const VehicleCertificateBody = Type.Object({
  car_id: Id,
  registration_number: Text(64),
  register_time: DateField,
  expire_time: DateField,
  next_inspection_time: DateField,
  compulsory_insurance_time: DateField,
  commercial_insurance_time: DateField,
  tax_due_date: DateField,
});
export type VehicleCertificateBody = Static<typeof VehicleCertificateBody>;

/** GET /basic/cars/imei: the company's devices for the vehicle form's IMEI choice. */
export const DeviceChoiceQuery = Type.Object({ search: Type.Optional(Type.String({ maxLength: 32 })) });
export interface DeviceChoice {
  imei: string;
  terminal_phone: string;
  device_type: string;
  /** The vehicle holding it, null when free. */
  car_id: number | null;
  car_name: string;
}

/** Which dates an expiry list is about: insurance (45 days) or the vehicle's licence expiry (15 days). */
export const ExpiryKind = Type.Union([Type.Literal('insurance'), Type.Literal('vehicle')]);
export type ExpiryKind = Static<typeof ExpiryKind>;

/** GET /basic/cars/expire: vehicles whose dates fall within `days` from now (expired ones included). */
export const ExpireQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    kind: ExpiryKind,
    /** The window in days; the kind's spec window when absent. */
    days: Type.Optional(Type.Integer({ minimum: 0, maximum: 3660 })),
    search: Type.Optional(Type.String({ maxLength: 64 })),
  }),
]);
export type ExpireQuery = Static<typeof ExpireQuery>;
export const ExpireExportQuery = Type.Intersect([
  Type.Object({
    kind: ExpiryKind,
    days: Type.Optional(Type.Integer({ minimum: 0, maximum: 3660 })),
    search: Type.Optional(Type.String({ maxLength: 64 })),
  }),
  ListExportOptions,
]);
export type ExpireExportQuery = Static<typeof ExpireExportQuery>;

/** A row of the expiry lists and dialogs (spec section 2 "Expiry dialogs"). */
export interface ExpiryRow {
  car_id: number;
  car_name: string;
  lpn: string;
  route_name: string;
  compulsory_insurance_time: number | null;
  commercial_insurance_time: number | null;
  register_time: number | null;
  expire_time: number | null;
}

/** GET /basic/car/expired/reminder: what the layout's two dialogs show, each honouring the user's option. */
export interface ExpiredReminder {
  /** Server time, epoch seconds: the dialogs count days against it. */
  time: number;
  insurance: { enabled: boolean; total: number; rows: ExpiryRow[] };
  vehicle: { enabled: boolean; total: number; rows: ExpiryRow[] };
}
export const ReminderQuery = Type.Object({
  kind: Type.Optional(ExpiryKind),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type ReminderQuery = Static<typeof ReminderQuery>;

// ---- Renewals ----

export const RenewalListQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    state: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
    renew_type: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
    search: Type.Optional(Type.String({ maxLength: 64 })),
  }),
]);
export type RenewalListQuery = Static<typeof RenewalListQuery>;

export const CreateRenewalBody = Type.Object({
  car_id: Id,
  renew_type: Type.Integer({ minimum: 0, maximum: 4 }),
  new_time: Type.Integer({ minimum: 1, maximum: 32503680000 }),
  remark: Text(REMARK_MAX),
});
export type CreateRenewalBody = Static<typeof CreateRenewalBody>;

/** PUT /basic/cars/renew: 1 reviews (and applies) it, 2 cancels it; only a renewal still to be reviewed. */
export const ReviewRenewalBody = Type.Object({
  id: Id,
  state: Type.Union([Type.Literal(1), Type.Literal(2)]),
  remark: Text(REMARK_MAX),
});
export type ReviewRenewalBody = Static<typeof ReviewRenewalBody>;

export interface RenewalRow {
  id: number;
  car_id: number;
  car_name: string;
  lpn: string;
  renew_type: number;
  old_time: number | null;
  new_time: number;
  remark: string;
  state: number;
  created_by_account: string;
  reviewed_by_account: string;
  created_at: number;
  reviewed_at: number | null;
}

// ---- Devices ----

const DeviceFields = {
  imei: Type.String({ maxLength: 128 }),
  terminal_phone: Type.String({ maxLength: 80 }),
  protocol_version: Type.Optional(Type.String({ maxLength: 8 })),
  /** The device type's id; null or absent for none (the device then has every capability). */
  device_type: Type.Optional(Nullable(Type.Integer())),
  /** The SIM card's number (one of /basic/sims, or any number). */
  sim: Text(32),
  remark: Text(REMARK_MAX),
};
export const CreateDeviceBody = Type.Object(DeviceFields);
export type CreateDeviceBody = Static<typeof CreateDeviceBody>;
export const UpdateDeviceBody = Type.Object({ id: Id, ...DeviceFields });
export type UpdateDeviceBody = Static<typeof UpdateDeviceBody>;

export interface DeviceRecord {
  id: number;
  imei: string;
  terminal_phone: string;
  protocol_version: string;
  /** The device type's id. */
  device_type: number | null;
  device_type_name: string;
  capabilities: number;
  sim: string;
  /** The SIM's number masked (spec section 5 sensitive values); the form reads `sim`. */
  sim_masked: string;
  remark: string;
  online: number;
  last_seen_at: number | null;
  registered_at: number | null;
  /** The vehicle it is in (bound by IMEI). */
  car_id: number | null;
  car_name: string;
  created_at: number;
  updated_at: number | null;
}

export const DeviceFilter = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 64 })),
  device_type: Type.Optional(Type.Integer()),
  online: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type DeviceFilter = Static<typeof DeviceFilter>;
export const DeviceListQuery = Type.Intersect([PageQuery, DeviceFilter]);
export type DeviceListQuery = Static<typeof DeviceListQuery>;
export const DeviceExportQuery = Type.Intersect([DeviceFilter, ListExportOptions]);
export type DeviceExportQuery = Static<typeof DeviceExportQuery>;
export const DeviceValidatorQuery = Type.Object({
  field: Type.Union([Type.Literal('imei'), Type.Literal('terminal_phone')]),
  value: Type.String({ maxLength: 128 }),
  id: Type.Optional(Type.Integer()),
});
export type DeviceValidatorQuery = Static<typeof DeviceValidatorQuery>;

// ---- SIMs ----

const SimFields = {
  sim_no: Type.String({ maxLength: 128 }),
  iccid: Text(32),
  operator: Text(64),
  expire_time: DateField,
  remark: Text(REMARK_MAX),
};
export const CreateSimBody = Type.Object(SimFields);
export type CreateSimBody = Static<typeof CreateSimBody>;
export const UpdateSimBody = Type.Object({ id: Id, ...SimFields });
export type UpdateSimBody = Static<typeof UpdateSimBody>;
export interface SimRecord {
  id: number;
  sim_no: string;
  sim_masked: string;
  iccid: string;
  operator: string;
  expire_time: number | null;
  remark: string;
  /** Terminal phone of the device using it, '' when none. */
  terminal_phone: string;
  created_at: number;
  updated_at: number;
}
export const SimFilter = Type.Object({ search: Type.Optional(Type.String({ maxLength: 64 })) });
export type SimFilter = Static<typeof SimFilter>;
export const SimListQuery = Type.Intersect([PageQuery, SimFilter]);
export type SimListQuery = Static<typeof SimListQuery>;
export const SimExportQuery = Type.Intersect([SimFilter, ListExportOptions]);
export type SimExportQuery = Static<typeof SimExportQuery>;
export const SimValidatorQuery = Type.Object({
  sim_no: Type.String({ maxLength: 128 }),
  id: Type.Optional(Type.Integer()),
});
export type SimValidatorQuery = Static<typeof SimValidatorQuery>;

// ---- Device types ----

const DeviceTypeFields = {
  type_name: RawName,
  /** @headway/spec CAPABILITY_BITS mask: 5 snapshot, 6 video, 10 send message, 11 talk; other bits refused. */
  capabilities: Type.Integer({ minimum: 0, maximum: 0xffff }),
  channels: Type.Optional(Type.Integer({ minimum: 0, maximum: 64 })),
  maker: Text(64),
  remark: Text(REMARK_MAX),
};
export const CreateDeviceTypeBody = Type.Object(DeviceTypeFields);
export type CreateDeviceTypeBody = Static<typeof CreateDeviceTypeBody>;
export const UpdateDeviceTypeBody = Type.Object({ id: Id, ...DeviceTypeFields });
export type UpdateDeviceTypeBody = Static<typeof UpdateDeviceTypeBody>;
export interface DeviceTypeRecord {
  id: number;
  type_name: string;
  capabilities: number;
  channels: number;
  maker: string;
  remark: string;
  /** Devices of this type. */
  devices: number;
  created_at: number;
  updated_at: number;
}
export const DeviceTypeFilter = Type.Object({ search: Type.Optional(Type.String({ maxLength: 64 })) });
export type DeviceTypeFilter = Static<typeof DeviceTypeFilter>;
export const DeviceTypeListQuery = Type.Intersect([PageQuery, DeviceTypeFilter]);
export type DeviceTypeListQuery = Static<typeof DeviceTypeListQuery>;
export const DeviceTypeExportQuery = Type.Intersect([DeviceTypeFilter, ListExportOptions]);
export type DeviceTypeExportQuery = Static<typeof DeviceTypeExportQuery>;
export const DeviceTypeValidatorQuery = Type.Object({ type_name: RawName, id: Type.Optional(Type.Integer()) });
export type DeviceTypeValidatorQuery = Static<typeof DeviceTypeValidatorQuery>;

export const IdParams = Type.Object({ id: Type.Integer() });

/** GET /basic/cars/choices: what the vehicle form offers for line and fleet (the company's, by name). */
export interface VehicleChoices {
  routes: { route_id: number; route_code: string; route_name: string }[];
  fleets: { fleet_id: number; fleet_name: string }[];
}
