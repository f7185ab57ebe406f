import {
  DEVICE_FIELD_LABELS,
  DEVICE_TYPE_FIELD_LABELS,
  type Label,
  labelIn,
  RENEWAL_FIELD_LABELS,
  SIM_FIELD_LABELS,
  VEHICLE_FIELD_LABELS,
} from '@headway/spec';
import dayjs, { type Dayjs } from 'dayjs';

// The fleet screens' wording from @headway/spec (field labels and code tables) in the console's language, and the
// day conversions of their date fields (epoch seconds on the wire, calendar days in the forms).

type CodeTable = { readonly [code: number]: { readonly label: Label } };

export function codeLabel(table: CodeTable, code: number | null | undefined, language: string): string {
  if (code === null || code === undefined) return '--';
  const entry = table[code];
  return entry ? labelIn(entry.label, language) : String(code);
}

export function codeOptions(table: CodeTable, language: string): { value: number; label: string }[] {
  return Object.entries(table).map(([code, entry]) => ({ value: Number(code), label: labelIn(entry.label, language) }));
}

export const vehicleLabel = (key: keyof typeof VEHICLE_FIELD_LABELS, language: string) =>
  labelIn(VEHICLE_FIELD_LABELS[key], language);
export const deviceLabel = (key: keyof typeof DEVICE_FIELD_LABELS, language: string) =>
  labelIn(DEVICE_FIELD_LABELS[key], language);
export const simLabel = (key: keyof typeof SIM_FIELD_LABELS, language: string) =>
  labelIn(SIM_FIELD_LABELS[key], language);
export const deviceTypeLabel = (key: keyof typeof DEVICE_TYPE_FIELD_LABELS, language: string) =>
  labelIn(DEVICE_TYPE_FIELD_LABELS[key], language);
export const renewalLabel = (key: keyof typeof RENEWAL_FIELD_LABELS, language: string) =>
  labelIn(RENEWAL_FIELD_LABELS[key], language);

/** A stored date as the form's day (local midnight), or null. */
export function toDay(epoch: number | null | undefined): Dayjs | null {
  return epoch ? dayjs.unix(epoch) : null;
}

/** The form's day as epoch seconds (local midnight), or null. */
export function fromDay(day: Dayjs | null | undefined): number | null {
  return day ? day.startOf('day').unix() : null;
}

/** A date column: YYYY-MM-DD in the console's zone, '--' when missing (spec section 4). */
export function formatDay(epoch: number | null | undefined): string {
  return epoch ? dayjs.unix(epoch).format('YYYY-MM-DD') : '--';
}
