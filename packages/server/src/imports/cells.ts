import { LANGUAGES, type Label } from '@headway/spec';
import { wallClockDate } from '../companies/time-zone.ts';
import { parameterError } from '../kernel/errors.ts';
import type { ImportColumn } from './sheet.ts';

// A row's cells turned into the body the screen's create route takes: each column says how its text reads (a code
// typed as its number or its label in any language, a date as the exported date cell or "YYYY-MM-DD", a reference
// by name). A cell that does not read is 1004 on the column's API field, so it is refused by row and column like a
// rule of the create route.

export interface RowContext {
  companyId: number;
  /** The company's zone: exported dates are its wall clock. */
  zone: string;
}

export type CellKind =
  | { type: 'text' }
  | { type: 'integer' }
  | { type: 'number' }
  /** Epoch seconds; the cell holds the zone's wall clock. */
  | { type: 'date' }
  | { type: 'code'; table: { readonly [code: number]: { readonly label: Label } } }
  | { type: 'yesNo' }
  /** A row of the company named by its name or code; the id goes in the body. */
  | { type: 'reference'; find: (text: string, context: RowContext) => Promise<number | undefined> }
  /** Exported for reading (the device's phone beside its IMEI, a stop's lines): not imported. */
  | { type: 'shown' };

export interface BodyColumn extends ImportColumn {
  /** The create route's body field this column fills; `key` is that field. */
  kind: CellKind;
  /** An empty cell is null (a nullable field) rather than absent. */
  nullable?: boolean;
}

const YES: Label = { en: 'Yes', zh: '是', th: 'ใช่' };
const NO: Label = { en: 'No', zh: '否', th: 'ไม่' };
const sameWord = (label: Label, text: string) => LANGUAGES.some((l) => label[l].toLowerCase() === text);

/** A code typed as its number or as its label in any console language; undefined when neither. */
export function codeOf(
  text: string,
  table: { readonly [code: number]: { readonly label: Label } },
): number | undefined {
  if (/^\d+$/.test(text) && table[Number(text)]) return Number(text);
  const wanted = text.trim().toLowerCase();
  for (const [code, def] of Object.entries(table)) if (sameWord(def.label, wanted)) return Number(code);
  return undefined;
}

/** The epoch second at which the zone's clock shows this wall time (two passes settle a daylight-saving edge). */
export function epochOfWallClock(wall: Date, zone: string): number {
  const target = wall.getTime() / 1000;
  let epoch = target;
  for (let pass = 0; pass < 2; pass += 1) epoch += target - wallClockDate(epoch, zone).getTime() / 1000;
  return Math.round(epoch);
}

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;

function dateOf(text: string, zone: string): number | undefined {
  // exceljs reads a date cell as a Date whose UTC fields are what the cell shows (sheet.ts writes its ISO form).
  const match = DATE_TEXT.exec(text);
  if (!match) return undefined;
  const [, y, m, d, h, mi, s] = match.map((part) => (part === undefined ? 0 : Number(part))) as number[];
  const wall = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d, h, mi, s));
  if (wall.getUTCMonth() !== (m ?? 1) - 1 || wall.getUTCDate() !== d) return undefined;
  return epochOfWallClock(wall, zone);
}

async function cellValue(column: BodyColumn, text: string, context: RowContext): Promise<unknown> {
  const { kind, key } = column;
  const label = column.header.en.toLowerCase();
  switch (kind.type) {
    case 'text':
      return text;
    case 'integer':
    case 'number': {
      const value = Number(text);
      if (!Number.isFinite(value) || (kind.type === 'integer' && !Number.isInteger(value))) {
        throw parameterError(key, 'not a number');
      }
      return value;
    }
    case 'date': {
      const value = dateOf(text, context.zone);
      if (value === undefined) throw parameterError(key, 'not a date (YYYY-MM-DD)');
      return value;
    }
    case 'code': {
      const value = codeOf(text, kind.table);
      if (value === undefined) throw parameterError(key, `unknown ${label}`);
      return value;
    }
    case 'yesNo': {
      const wanted = text.toLowerCase();
      if (wanted === '0' || sameWord(NO, wanted)) return 0;
      if (wanted === '1' || sameWord(YES, wanted)) return 1;
      throw parameterError(key, 'yes or no');
    }
    case 'reference': {
      const id = await kind.find(text, context);
      if (id === undefined) throw parameterError(key, `unknown ${label}`);
      return id;
    }
    case 'shown':
      return undefined;
  }
}

/**
 * The body fields of the columns the file has (a column the file lacks is left out, so an update keeps it); an
 * empty cell is '' for texts, null for nullable fields, absent otherwise.
 */
export async function bodyOf(
  columns: readonly BodyColumn[],
  cells: Record<string, string>,
  context: RowContext,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const column of columns) {
    const text = cells[column.key];
    if (text === undefined || column.kind.type === 'shown') continue;
    if (text === '') {
      if (column.kind.type === 'text') body[column.key] = '';
      else if (column.nullable) body[column.key] = null;
      continue;
    }
    body[column.key] = await cellValue(column, text, context);
  }
  return body;
}
