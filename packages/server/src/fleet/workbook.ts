import type { Writable } from 'node:stream';
import { type Label, type Language, labelIn } from '@headway/spec';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  companyTimeZone,
  describeTimeZone,
  formatLocalTime,
  knownTimeZone,
  wallClockDate,
} from '../companies/time-zone.ts';
import { sendWorkbook, startSheet } from '../exports/workbook-reply.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { pickLanguage } from '../kernel/language.ts';
import type { Database } from '../store/schema.ts';

// The fleet lists' xlsx exports (GET …/export), one sheet streamed row by row like the other exports
// (exports/workbook-reply.ts). A column is a label and how to read it from a row; dates are written as dates in
// the caller's zone (else the company's).

/** Spec section 9 "Export range … top 65535 rows": more answers 1009. */
export const FLEET_EXPORT_MAX_ROWS = 65_535;

export type CellValue = string | number | Date | null;

export interface SheetColumn<R> {
  label: Label;
  width: number;
  /** `date` cells get the date format and the zone's wall clock. */
  kind?: 'date' | 'time';
  value: (row: R, language: Language) => string | number | null;
}

export interface ExportContext {
  language: Language;
  timeZone: string;
  now: number;
}

export async function writeSheet<R>(
  out: Writable,
  sheet: Label,
  columns: readonly SheetColumn<R>[],
  rows: AsyncIterable<R>,
  context: ExportContext,
): Promise<number> {
  const { language, timeZone } = context;
  const zone = describeTimeZone(timeZone, context.now);
  const { workbook, sheet: ws } = startSheet(
    out,
    labelIn(sheet, language),
    columns.map((c, i) => ({
      header: c.kind ? `${labelIn(c.label, language)} (${zone})` : labelIn(c.label, language),
      key: `c${i}`,
      width: c.width,
      ...(c.kind === 'date' ? { style: { numFmt: 'yyyy-mm-dd' } } : {}),
      ...(c.kind === 'time' ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
    })),
  );
  let count = 0;
  for await (const row of rows) {
    const cells: Record<string, CellValue> = {};
    columns.forEach((c, i) => {
      const value = c.value(row, language);
      cells[`c${i}`] = c.kind && typeof value === 'number' ? wallClockDate(value, timeZone) : value;
    });
    ws.addRow(cells).commit();
    count += 1;
  }
  ws.commit();
  await workbook.commit();
  return count;
}

/** Sends the sheet after the row cap check, named `{prefix}-YYYYMMDD.xlsx` in the zone used. */
export async function sendSheet<R>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    db: Kysely<Database>;
    companyId: number;
    now: number;
    total: number;
    prefix: string;
    timeZone: string | undefined;
    sheet: Label;
    columns: readonly SheetColumn<R>[];
    rows: () => AsyncIterable<R>;
  },
): Promise<FastifyReply> {
  if (options.total > FLEET_EXPORT_MAX_ROWS) {
    throw new ApiError(ErrorCode.tooMuchData, { total: options.total, max: FLEET_EXPORT_MAX_ROWS });
  }
  const company = await options.db
    .selectFrom('companies')
    .select('config')
    .where('id', '=', options.companyId)
    .executeTakeFirstOrThrow();
  const timeZone = knownTimeZone(options.timeZone) ?? companyTimeZone(company.config);
  const day = formatLocalTime(options.now, timeZone).slice(0, 10).replaceAll('-', '');
  const context: ExportContext = {
    language: pickLanguage(request.headers['accept-language']),
    timeZone,
    now: options.now,
  };
  return sendWorkbook(request, reply, `${options.prefix}-${day}.xlsx`, (out) =>
    writeSheet(out, options.sheet, options.columns, options.rows(), context),
  );
}
