import { FUEL_TYPES, VEHICLE_FIELD_LABELS as L, labelIn, VEHICLE_STATES, VEHICLE_TYPES } from '@headway/spec';
import type { VehicleRecord } from '../contract/index.ts';
import type { SheetColumn } from './workbook.ts';

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

export const VEHICLE_COLUMNS: SheetColumn<VehicleRecord>[] = [
  { label: L.car_name, width: 18, value: (r) => r.car_name },
  { label: L.lpn, width: 14, value: (r) => r.lpn },
  { label: L.imei, width: 18, value: (r) => r.imei },
  { label: L.terminal_phone, width: 16, value: (r) => r.terminal_phone },
  { label: L.route_id, width: 16, value: (r) => r.route_name },
  { label: L.fleet_id, width: 16, value: (r) => r.fleet_name },
  { label: L.car_type, width: 14, value: (r, lang) => coded(VEHICLE_TYPES, r.car_type, lang) },
  { label: L.state, width: 12, value: (r, lang) => coded(VEHICLE_STATES, r.state, lang) },
  { label: L.channel, width: 20, value: (r) => r.channel },
  { label: L.vin, width: 20, value: (r) => r.vin },
  { label: L.model, width: 14, value: (r) => r.model },
  { label: L.fuel_type, width: 10, value: (r, lang) => coded(FUEL_TYPES, r.fuel_type, lang) },
  { label: L.seat, width: 8, value: (r) => r.seat },
  { label: L.approved_number, width: 10, value: (r) => r.approved_number },
  { label: L.registration_number, width: 16, value: (r) => r.registration_number },
  { label: L.register_time, width: 14, kind: 'date', value: (r) => r.register_time },
  { label: L.expire_time, width: 14, kind: 'date', value: (r) => r.expire_time },
  { label: L.compulsory_insurance_time, width: 14, kind: 'date', value: (r) => r.compulsory_insurance_time },
  { label: L.commercial_insurance_time, width: 14, kind: 'date', value: (r) => r.commercial_insurance_time },
  { label: L.tax_due_date, width: 14, kind: 'date', value: (r) => r.tax_due_date },
  { label: L.next_inspection_time, width: 14, kind: 'date', value: (r) => r.next_inspection_time },
  { label: L.remark, width: 24, value: (r) => r.remark },
];

export { coded };
