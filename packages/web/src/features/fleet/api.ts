import type {
  CreateDeviceBody,
  CreateDeviceTypeBody,
  CreateRenewalBody,
  CreateSimBody,
  CreateVehicleBody,
  DeviceChoice,
  DeviceFilter,
  DeviceRecord,
  DeviceTypeFilter,
  DeviceTypeRecord,
  ExpiredReminder,
  ExpiryKind,
  ExpiryRow,
  ListResult,
  RenewalRow,
  ReviewRenewalBody,
  SimFilter,
  SimRecord,
  UpdateDeviceBody,
  UpdateDeviceTypeBody,
  UpdateSimBody,
  UpdateVehicleBody,
  VehicleCertificateBody,
  VehicleChoices,
  VehicleFilter,
  VehicleRecord,
  VehicleSeatBody,
} from '@headway/server/contract';
import { http, type Query } from '../../api/client';
import { fetchBinary } from '../alarms/evidence/api';

export type {
  DeviceChoice,
  DeviceRecord,
  DeviceTypeRecord,
  ExpiredReminder,
  ExpiryKind,
  ExpiryRow,
  RenewalRow,
  SimRecord,
  VehicleChoices,
  VehicleRecord,
};

// The fleet's basic-data calls (docs/api.md "Basic data: vehicles and devices"). Saves and deletes are silent:
// the dialogs and pages explain their refusals (failure.ts), reads fail loudly as usual.

type Paged = { page: number; limit: number };
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const clean = (q: Record<string, unknown>): Query => {
  const out: Query = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') out[k] = v as Query[string];
  return out;
};
const exportOf = (path: string, filter: Record<string, unknown>) =>
  fetchBinary('GET', path, { query: clean({ ...filter, time_zone: zone() }) });

export const fleetKeys = {
  vehicles: 'fleet-vehicles',
  devices: 'fleet-devices',
  sims: 'fleet-sims',
  deviceTypes: 'fleet-device-types',
  expiry: 'fleet-expiry',
  renewals: 'fleet-renewals',
} as const;

export const vehicleApi = {
  list: (q: Paged & VehicleFilter) => http.get<ListResult<VehicleRecord>>('/basic/cars', clean(q)),
  create: (body: CreateVehicleBody) => http.post<VehicleRecord>('/basic/cars', body, { silent: true }),
  update: (body: UpdateVehicleBody) => http.put<VehicleRecord>('/basic/cars', body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/basic/cars/${id}`, { silent: true }),
  choices: () => http.get<VehicleChoices>('/basic/cars/choices'),
  devices: (search?: string) => http.get<DeviceChoice[]>('/basic/cars/imei', clean({ search })),
  validate: (field: 'car_name' | 'lpn' | 'imei' | 'vin', value: string, id?: number) =>
    http.get<boolean>('/basic/cars/validator', clean({ field, value, id }), { silent: true }),
  export: (filter: VehicleFilter) => exportOf('/basic/cars/export', filter),
  seat: (body: VehicleSeatBody) => http.put<VehicleRecord>('/basic/cars/seat', body, { silent: true }),
  certificate: (body: VehicleCertificateBody) =>
    http.put<VehicleRecord>('/basic/cars/certificate', body, { silent: true }),
  expire: (q: Paged & { kind: ExpiryKind; days?: number; search?: string }) =>
    http.get<ListResult<ExpiryRow>>('/basic/cars/expire', clean(q)),
  expireExport: (q: { kind: ExpiryKind; days?: number; search?: string }) => exportOf('/basic/cars/expire/export', q),
  renewals: (q: Paged & { state?: number; renew_type?: number; search?: string }) =>
    http.get<ListResult<RenewalRow>>('/basic/cars/renew', clean(q)),
  renew: (body: CreateRenewalBody) => http.post<RenewalRow>('/basic/cars/renew', body, { silent: true }),
  review: (body: ReviewRenewalBody) => http.put<RenewalRow>('/basic/cars/renew', body, { silent: true }),
  reminder: (q: { kind?: ExpiryKind; page?: number; limit?: number } = {}) =>
    http.get<ExpiredReminder>('/basic/car/expired/reminder', clean(q), { silent: true }),
};

export const deviceApi = {
  list: (q: Paged & DeviceFilter) => http.get<ListResult<DeviceRecord>>('/basic/devices', clean(q)),
  create: (body: CreateDeviceBody) => http.post<DeviceRecord>('/basic/devices', body, { silent: true }),
  update: (body: UpdateDeviceBody) => http.put<DeviceRecord>('/basic/devices', body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/basic/devices/${id}`, { silent: true }),
  validate: (field: 'imei' | 'terminal_phone', value: string, id?: number) =>
    http.get<boolean>('/basic/devices/validator', clean({ field, value, id }), { silent: true }),
  export: (filter: DeviceFilter) => exportOf('/basic/devices/export', filter),
};

export const simApi = {
  list: (q: Paged & SimFilter) => http.get<ListResult<SimRecord>>('/basic/sims', clean(q)),
  create: (body: CreateSimBody) => http.post<SimRecord>('/basic/sims', body, { silent: true }),
  update: (body: UpdateSimBody) => http.put<SimRecord>('/basic/sims', body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/basic/sims/${id}`, { silent: true }),
  validate: (sim_no: string, id?: number) =>
    http.get<boolean>('/basic/sims/validator', clean({ sim_no, id }), { silent: true }),
  export: (filter: SimFilter) => exportOf('/basic/sims/export', filter),
};

export const deviceTypeApi = {
  list: (q: Paged & DeviceTypeFilter) => http.get<ListResult<DeviceTypeRecord>>('/basic/device-types', clean(q)),
  create: (body: CreateDeviceTypeBody) => http.post<DeviceTypeRecord>('/basic/device-types', body, { silent: true }),
  update: (body: UpdateDeviceTypeBody) => http.put<DeviceTypeRecord>('/basic/device-types', body, { silent: true }),
  remove: (id: number) => http.delete<null>(`/basic/device-types/${id}`, { silent: true }),
  validate: (type_name: string, id?: number) =>
    http.get<boolean>('/basic/device-types/validator', clean({ type_name, id }), { silent: true }),
  export: (filter: DeviceTypeFilter) => exportOf('/basic/device-types/export', filter),
};
