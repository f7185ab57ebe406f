import { LANGUAGES, type Label } from '@headway/spec';
import ExcelJS from 'exceljs';
import { ApiError, ErrorCode } from '../kernel/errors.ts';

// The generic half of an xlsx import (docs/exports.md "Imports"): the upload read with exceljs, its columns found by
// their header in any console language (so a file exported in Chinese imports in an English session), each row
// checked by the screen's own server-side rules, and every refusal reported by row number and column.

export interface ImportColumn {
  key: string;
  header: Label;
  required?: boolean;
}

export type { ImportReport, RefusedRow } from '../contract/index.ts';

const norm = (text: string) => text.trim().toLowerCase();

/** An export names a time column's zone after its label ("Expires (Asia/Bangkok (GMT+07:00))"): still that column. */
const headerIs = (header: string, text: string) => {
  const wanted = norm(header);
  return text === wanted || text.startsWith(`${wanted} (`);
};

function cellText(cell: ExcelJS.CellValue): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'object') {
    if ('richText' in cell) return cell.richText.map((r) => r.text).join('');
    if ('text' in cell && typeof cell.text === 'string') return cell.text;
    if ('result' in cell) return cellText(cell.result as ExcelJS.CellValue);
    if (cell instanceof Date) return cell.toISOString();
    return '';
  }
  return String(cell);
}

/**
 * The data rows of the first sheet, each as column key → text. A file exceljs cannot read, a missing required
 * column or more rows than `maxRows` is 1004 on `file` (1009 beyond the rows), before any row is checked.
 */
export async function readImportSheet(
  bytes: Buffer,
  columns: readonly ImportColumn[],
  maxRows: number,
): Promise<{ row: number; cells: Record<string, string> }[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ApiError(ErrorCode.parameter, { field: 'file', reason: 'not an xlsx workbook' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ApiError(ErrorCode.parameter, { field: 'file', reason: 'the workbook has no sheet' });
  const header = sheet.getRow(1);
  const position = new Map<string, number>();
  header.eachCell((cell, index) => {
    const text = norm(cellText(cell.value));
    const column = columns.find((c) => [c.key, ...LANGUAGES.map((l) => c.header[l])].some((h) => headerIs(h, text)));
    if (column && !position.has(column.key)) position.set(column.key, index);
  });
  const missing = columns.filter((c) => c.required && !position.has(c.key));
  if (missing.length > 0) {
    throw new ApiError(ErrorCode.parameter, {
      field: 'file',
      reason: `missing column ${missing.map((c) => c.header.en).join(', ')}`,
    });
  }
  const rows: { row: number; cells: Record<string, string> }[] = [];
  for (let number = 2; number <= sheet.rowCount; number += 1) {
    const row = sheet.getRow(number);
    const cells: Record<string, string> = {};
    for (const [key, index] of position) cells[key] = cellText(row.getCell(index).value).trim();
    if (Object.values(cells).every((v) => v === '')) continue;
    if (rows.length >= maxRows) throw new ApiError(ErrorCode.tooMuchData, { field: 'file', max: maxRows });
    rows.push({ row: number, cells });
  }
  return rows;
}
