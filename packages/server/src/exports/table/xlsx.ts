import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ResolvedTable } from './types.ts';

/** Excel refuses these in a sheet name, and more than 31 characters. */
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;

/**
 * The table as one streamed sheet (exceljs WorkbookWriter, shared strings off): each row is committed as it comes,
 * so memory stays flat however many rows follow. Header row bold and frozen.
 */
export async function writeXlsx(out: Writable, table: ResolvedTable): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const name = table.title.replace(SHEET_NAME_FORBIDDEN, ' ').slice(0, 31) || 'Sheet1';
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const cells of table.rows) {
    sheet.addRow(cells.map((v) => v ?? null)).commit();
    count += 1;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
