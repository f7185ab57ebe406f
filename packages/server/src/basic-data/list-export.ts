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
import type { ExportOptions, ListExportOptions } from '../contract/lists.ts';
import { type ExportColumn, exportOptionsOf, exportWindow, sendTable } from '../exports/table/index.ts';
import { pickLanguage } from '../kernel/language.ts';
import type { Database } from '../store/schema.ts';

// The exports of the basic-data lists (docs/exports.md "Basic data"): a list declares its columns once, with a
// header per language, and answers in xlsx, PDF or Word through the table-export module, the current page or the
// top 65,535 rows. Date and time columns are written in the caller's zone (else the company's), named in the header;
// the file is `{prefix}-YYYYMMDD.{format}`, the day in that zone.

export interface ListColumn<Row> {
  /** Names the column for an import that reads the export back (imports/: the body field it fills). */
  key?: string;
  header: Label;
  width: number;
  /** A date (`yyyy-mm-dd`) or date-time column: epoch seconds shown as wall-clock time in the export's zone. */
  kind?: 'date' | 'time';
  value: (row: Row, language: Language) => string | number | null | undefined;
}

export interface ListExport<Row> {
  /** File name prefix (ASCII): `{prefix}-YYYYMMDD.xlsx`. */
  prefix: string;
  /** Sheet name and document title. */
  title: Label;
  columns: readonly ListColumn<Row>[];
  /** Rows the filter matches: sent as x-total-count. */
  total?: number;
  /** The rows, newest first; `upTo` is the most the export can use (window offset + limit). */
  rows: (upTo: number) => AsyncIterable<Row>;
}

const FORMATS = { date: 'yyyy-mm-dd', time: 'yyyy-mm-dd hh:mm:ss' } as const;

/**
 * `page` and `limit` without `scope` ask for that page (the lines' exports took them so before the table module), so
 * they keep meaning the current page; the query bar's export menu always says which scope it wants.
 */
function optionsOf(query: ListExportOptions): ExportOptions {
  const options = exportOptionsOf(query);
  if (options.scope === undefined && options.page !== undefined && options.limit !== undefined) {
    return { ...options, scope: 'page' };
  }
  return options;
}

export async function sendListExport<Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  context: { db: Kysely<Database>; companyId: number; now: number; query: ListExportOptions },
  list: ListExport<Row>,
): Promise<FastifyReply> {
  const options = optionsOf(context.query);
  const window = exportWindow(options);
  const company = await context.db
    .selectFrom('companies')
    .select('config')
    .where('id', '=', context.companyId)
    .executeTakeFirstOrThrow();
  const zone = knownTimeZone(context.query.time_zone) ?? companyTimeZone(company.config);
  const zoneName = describeTimeZone(zone, context.now);
  const language = pickLanguage(request.headers['accept-language']);
  const day = formatLocalTime(context.now, zone).slice(0, 10).replaceAll('-', '');
  const columns = list.columns.map(
    (c, i): ExportColumn<Row> => ({
      key: `c${i}`,
      header: c.kind ? `${labelIn(c.header, language)} (${zoneName})` : c.header,
      width: c.width,
      ...(c.kind ? { numFmt: FORMATS[c.kind] } : {}),
      value: (row) => {
        const value = c.value(row, language);
        return c.kind && typeof value === 'number' ? wallClockDate(value, zone) : value;
      },
    }),
  );
  return sendTable(request, reply, {
    fileBase: `${list.prefix}-${day}`,
    options,
    ...(list.total !== undefined ? { total: list.total } : {}),
    table: { title: list.title, columns, rows: list.rows(window.offset + window.limit) },
  });
}

/** Rows read at once (a query returning an array) as the stream the export takes. */
export async function* streamOf<Row>(rows: Promise<readonly Row[]>): AsyncGenerator<Row> {
  yield* await rows;
}
