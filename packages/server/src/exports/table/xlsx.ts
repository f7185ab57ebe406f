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
  // exceljs gives every new cell a style object of its own and caches style ids by object identity, so each cell
  // would have its style serialised to XML and looked up again: most of an export's time. One shared object per
  // column and kind of value (a date without a column format still needs a date format) hits that cache.
  const shared = table.columns.map((c) => ({
    date: c.numFmt ? { numFmt: c.numFmt } : { numFmt: 'yyyy-mm-dd hh:mm:ss' },
    other: c.numFmt ? { numFmt: c.numFmt } : {},
  }));
  let count = 0;
  for await (const cells of table.rows) {
    const row = sheet.addRow(cells.map((v) => v ?? null));
    for (let i = 0; i < shared.length; i++) {
      const styles = shared[i] as (typeof shared)[number];
      row.getCell(i + 1).style = cells[i] instanceof Date ? styles.date : styles.other;
    }
    row.commit();
    count += 1;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
