import {
  checkParameterValue,
  labelIn,
  PARAM_TYPES,
  type ParameterCheck,
  ParamId,
  parameterOf,
  shownParameterValue,
} from '@headway/spec';
import type { ParamValueRow } from '../api';

// The parameter table's rules (spec section 5 "Parameter edit", section 9 "Parameter ids"): which rows it offers,
// what a read of a selection asks for, how a value is shown and what a write sends.

/** The rows the table offers before a "read all" shows every id the terminal keeps (spec section 9). */
export const CONSOLE_PARAMETERS: readonly number[] = [
  ParamId.heartbeatInterval,
  ParamId.mainServerAddress,
  ParamId.serverTcpPort,
  ParamId.defaultReportInterval,
  ParamId.defaultReportDistance,
  ParamId.cornerAngle,
  ParamId.maxSpeed,
  ParamId.overspeedDuration,
  ParamId.overspeedWarningMargin,
  ParamId.odometer,
  ParamId.vendorFff1,
  ParamId.vendorFff2,
];

/** A table row: the value as the terminal holds it, undefined until read. */
export interface ParamRow {
  id: number;
  value?: number | string;
}

export function initialRows(): ParamRow[] {
  return CONSOLE_PARAMETERS.map((id) => ({ id }));
}

/** The ids a read of `selected` asks for: an address brings its companion port (spec: 19 also reads 24). */
export function idsToRead(selected: readonly number[]): number[] {
  const ids: number[] = [];
  for (const id of selected) {
    if (!ids.includes(id)) ids.push(id);
    const edit = parameterOf(id)?.edit;
    const companion = edit?.kind === 'ipv4' ? edit.companion : undefined;
    if (companion !== undefined && !ids.includes(companion)) ids.push(companion);
  }
  return ids;
}

/** The rows after a read of some ids: those values replaced, any id the table lacked added. */
export function mergeRead(rows: readonly ParamRow[], read: readonly ParamValueRow[]): ParamRow[] {
  const values = new Map(read.map((p) => [p.id, p.value]));
  const merged = rows.map((row) => (values.has(row.id) ? { id: row.id, value: values.get(row.id) } : row));
  for (const p of read) if (!rows.some((r) => r.id === p.id)) merged.push({ id: p.id, value: p.value });
  return merged;
}

/** The rows after a read of everything: each id the terminal answered, in id order. */
export function rowsOfAll(read: readonly ParamValueRow[]): ParamRow[] {
  return [...read].sort((a, b) => a.id - b.id).map((p) => ({ id: p.id, value: p.value }));
}

/** A value as the table shows it: ids 91 and 128 divided by 10, text as it is, '' before a read. */
export function shownValue(id: number, value: number | string | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'number' ? String(shownParameterValue(id, value)) : value;
}

export function hexId(id: number): string {
  return `0x${id.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The parameter's name, or its hex id for one the platform does not name. */
export function parameterName(id: number, language: string): string {
  const def = parameterOf(id);
  return def ? labelIn(def.label, language) : hexId(id);
}

/**
 * A typed value checked and turned into what the terminal takes: ids 91 and 128 multiplied by 10, numbers for the
 * standard's numeric ids, trimmed text otherwise.
 */
export function checkEdit(id: number, text: string): ParameterCheck {
  const check = checkParameterValue(id, text);
  if (!check.ok || typeof check.value === 'number') return check;
  const type = PARAM_TYPES.get(id);
  const numeric = type === 'byte' || type === 'word' || type === 'dword';
  if (numeric && /^\d+$/.test(check.value)) return { ok: true, value: Number(check.value) };
  return check;
}

export type EditResult =
  | { ok: true; params: { id: number; value: number | string }[] }
  | { ok: false; errors: Map<number, Exclude<ParameterCheck, { ok: true }>['reason']> };

/** The edited rows' values to write, or every edit that fails its rule (then nothing is written). */
export function editsToWrite(drafts: ReadonlyMap<number, string>): EditResult {
  const params: { id: number; value: number | string }[] = [];
  const errors = new Map<number, Exclude<ParameterCheck, { ok: true }>['reason']>();
  for (const [id, text] of drafts) {
    const check = checkEdit(id, text);
    if (check.ok) params.push({ id, value: check.value });
    else errors.set(id, check.reason);
  }
  return errors.size > 0 ? { ok: false, errors } : { ok: true, params };
}
