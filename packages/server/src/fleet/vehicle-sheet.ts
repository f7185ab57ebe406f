import { FUEL_TYPES, VEHICLE_FIELD_LABELS as L, labelIn, VEHICLE_STATES, VEHICLE_TYPES } from '@headway/spec';
import type { ListColumn } from '../basic-data/list-export.ts';
import type { VehicleRecord } from '../contract/index.ts';

// The vehicle export's columns: identity, binding, state, the record's dates and figures.

const coded = (
  table: Record<number, { label: { en: string; zh: string; th: string } }>,
  code: number | null,
  language: string,
) => {
  if (code === null) return '';
  const entry = table[code];
  return entry ? labelIn(entry.label, language) : String(code);
};

export const VEHICLE_COLUMNS: ListColumn<VehicleRecord>[] = [
  { header: L.car_name, width: 18, value: (r) => r.car_name },
  { header: L.lpn, width: 14, value: (r) => r.lpn },
  { header: L.imei, width: 18, value: (r) => r.imei },
  { header: L.terminal_phone, width: 16, value: (r) => r.terminal_phone },
  { header: L.route_id, width: 16, value: (r) => r.route_name },
  { header: L.fleet_id, width: 16, value: (r) => r.fleet_name },
  { header: L.car_type, width: 14, value: (r, lang) => coded(VEHICLE_TYPES, r.car_type, lang) },
  { header: L.state, width: 12, value: (r, lang) => coded(VEHICLE_STATES, r.state, lang) },
  { header: L.channel, width: 20, value: (r) => r.channel },
  { header: L.vin, width: 20, value: (r) => r.vin },
  { header: L.model, width: 14, value: (r) => r.model },
  { header: L.fuel_type, width: 10, value: (r, lang) => coded(FUEL_TYPES, r.fuel_type, lang) },
  { header: L.seat, width: 8, value: (r) => r.seat },
  { header: L.approved_number, width: 10, value: (r) => r.approved_number },
  { header: L.registration_number, width: 16, value: (r) => r.registration_number },
  { header: L.register_time, width: 14, kind: 'date', value: (r) => r.register_time },
  { header: L.expire_time, width: 14, kind: 'date', value: (r) => r.expire_time },
  { header: L.compulsory_insurance_time, width: 14, kind: 'date', value: (r) => r.compulsory_insurance_time },
  { header: L.commercial_insurance_time, width: 14, kind: 'date', value: (r) => r.commercial_insurance_time },
  { header: L.tax_due_date, width: 14, kind: 'date', value: (r) => r.tax_due_date },
  { header: L.next_inspection_time, width: 14, kind: 'date', value: (r) => r.next_inspection_time },
  { header: L.remark, width: 24, value: (r) => r.remark },
];

export { coded };
