import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatLocalTime } from '../companies/time-zone.ts';

/** `{prefix}-YYYYMMDD-YYYYMMDD.xlsx` for a span, the days in the zone the rows are written in. */
export function workbookName(prefix: string, start: number, end: number, timeZone: string): string {
  const day = (t: number) => formatLocalTime(t, timeZone).slice(0, 10).replaceAll('-', '');
  return `${prefix}-${day(start)}-${day(end)}.xlsx`;
}

/**
 * Streams an xlsx export as it is written (the exports of alarms and of the command and message logs): `write`
 * fills the stream it is given. A failure after the first byte cuts the answer — headers are gone by then, so a
 * cut connection is the only way to tell the client the file is bad.
 */
export function sendWorkbook(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  write: (out: Writable) => Promise<unknown>,
): FastifyReply {
  const body = new PassThrough();
  write(body).catch((error: unknown) => {
    request.log.error({ err: error, fileName }, 'export failed mid-stream');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * A streamed workbook with one sheet whose header row (bold, frozen) is written at once: the exports add rows and
 * commit the workbook. Shared strings off, so memory stays flat however many rows follow.
 */
export function startSheet(out: Writable, sheetName: string, columns: Partial<ExcelJS.Column>[]) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return { workbook, sheet };
}
