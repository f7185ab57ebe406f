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
import { EXPORT_MAX_ROWS } from './rules.ts';

// The xlsx exports of the organisation's lists, one sheet each, streamed row by row (exports/workbook-reply.ts):
// a list's columns are declared once as header label + cell, and the time columns are written as dates in the
// company's zone (or the one the console asked for), named in the header.

export interface ExportColumn<Row> {
  header: Label;
  width: number;
  /** A time column: epoch seconds shown as a date-time in the export's zone. */
  time?: boolean;
  cell: (row: Row, language: Language) => string | number | null;
}

export interface ExportRequest<Row> {
  request: FastifyRequest;
  reply: FastifyReply;
  db: Kysely<Database>;
  companyId: number;
  now: number;
  timeZone: string | undefined;
  /** File name prefix: `{prefix}-YYYYMMDD.xlsx`. */
  prefix: string;
  sheet: Label;
  columns: readonly ExportColumn<Row>[];
  total: number;
  rows: () => Promise<Row[]>;
}

export async function exportWorkbook<Row>(job: ExportRequest<Row>): Promise<FastifyReply> {
  if (job.total > EXPORT_MAX_ROWS) {
    throw new ApiError(ErrorCode.tooMuchData, { total: job.total, max: EXPORT_MAX_ROWS });
  }
  const company = await job.db
    .selectFrom('companies')
    .select('config')
    .where('id', '=', job.companyId)
    .executeTakeFirstOrThrow();
  const zone = knownTimeZone(job.timeZone) ?? companyTimeZone(company.config);
  const language = pickLanguage(job.request.headers['accept-language']);
  const rows = await job.rows();
  const day = formatLocalTime(job.now, zone).slice(0, 10).replaceAll('-', '');
  return sendWorkbook(job.request, job.reply, `${job.prefix}-${day}.xlsx`, (out) =>
    writeRows(out, rows, job.columns, { language, zone, now: job.now, sheet: job.sheet }),
  );
}

async function writeRows<Row>(
  out: Writable,
  rows: readonly Row[],
  columns: readonly ExportColumn<Row>[],
  context: { language: Language; zone: string; now: number; sheet: Label },
): Promise<void> {
  const { language, zone } = context;
  const zoneName = describeTimeZone(zone, context.now);
  const { workbook, sheet } = startSheet(
    out,
    labelIn(context.sheet, language),
    columns.map((c, i) => ({
      header: c.time ? `${labelIn(c.header, language)} (${zoneName})` : labelIn(c.header, language),
      key: `c${i}`,
      width: c.width,
      ...(c.time ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
    })),
  );
  for (const row of rows) {
    const cells: Record<string, string | number | Date | null> = {};
    columns.forEach((c, i) => {
      const value = c.cell(row, language);
      cells[`c${i}`] = c.time && typeof value === 'number' ? wallClockDate(value, zone) : value;
    });
    sheet.addRow(cells).commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** Words shared by the exports' headers. */
export const COMMON_HEADERS = {
  remark: { en: 'Remark', zh: '备注', th: 'หมายเหตุ' },
  phone: { en: 'Phone', zh: '电话', th: 'โทรศัพท์' },
  created: { en: 'Created', zh: '创建时间', th: 'เวลาที่สร้าง' },
  updated: { en: 'Updated', zh: '更新时间', th: 'เวลาที่ปรับปรุง' },
  state: { en: 'State', zh: '状态', th: 'สถานะ' },
  leader: { en: 'Leader', zh: '负责人', th: 'หัวหน้า' },
} as const satisfies Record<string, Label>;
