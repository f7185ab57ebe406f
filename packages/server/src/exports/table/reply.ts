import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EXPORT_MAX_PAGE_SIZE, ExportOptions } from '../../contract/lists.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import { pickLanguage } from '../../kernel/language.ts';
import { writeDocx } from './docx.ts';
import { CONTENT_TYPES, contentDisposition, exportFileName } from './file-name.ts';
import { writePdf } from './pdf.ts';
import { PDF_FONT_PACKAGES, pdfFonts } from './pdf-fonts.ts';
import { resolveTable } from './resolve.ts';
import type { ExportFormat, ExportTable, ResolvedTable } from './types.ts';
import { writeXlsx } from './xlsx.ts';

// The one reply every list export goes through (docs/exports.md): the query's format and range, the table in the
// caller's language, the file streamed with its name. Refusals (bad format, no PDF fonts) are thrown before the first
// byte, so they reach the caller as the usual JSON envelope.

/** "Top 65,535 rows" (spec "Query bar"): the most one export holds, whatever the filter matches. */
export const EXPORT_MAX_ROWS = 65_535;
export { EXPORT_MAX_PAGE_SIZE, ExportOptions };

/** Only the export options of a query that also holds a filter. */
export function exportOptionsOf(query: ExportOptions): ExportOptions {
  const { format, scope, page, limit } = query;
  return {
    ...(format ? { format } : {}),
    ...(scope ? { scope } : {}),
    ...(page ? { page } : {}),
    ...(limit ? { limit } : {}),
  };
}

export function exportWindow(options: ExportOptions, maxRows = EXPORT_MAX_ROWS): { offset: number; limit: number } {
  if (options.scope !== 'page') return { offset: 0, limit: maxRows };
  if (options.page === undefined || options.limit === undefined) {
    throw new ApiError(ErrorCode.parameter, { field: 'page', reason: 'a page export needs page and limit' });
  }
  return { offset: (options.page - 1) * options.limit, limit: Math.min(options.limit, maxRows) };
}

type Writer = (out: Writable, table: ResolvedTable) => Promise<number>;

/** The writer for a format; PDF without its fonts is refused here, before anything is sent. */
function writerFor(format: ExportFormat): Writer {
  if (format === 'xlsx') return writeXlsx;
  if (format === 'docx') return writeDocx;
  const lookup = pdfFonts();
  if (!lookup.ok) {
    throw new ApiError(
      ErrorCode.parameter,
      {
        field: 'format',
        reason: `PDF export needs the fonts ${lookup.missing.join(', ')} on the server (Debian: apt-get install ${PDF_FONT_PACKAGES})`,
        rule: 'fonts',
      },
      'PDF fonts missing',
    );
  }
  const { fonts } = lookup;
  return (out, table) => writePdf(out, table, fonts);
}

export interface TableReply<Row> {
  /** File name without extension, e.g. `regions-20260101`; a translated title is fine (sent as filename*). */
  fileBase: string;
  table: ExportTable<Row>;
  options: ExportOptions;
  /** Rows the filter matches, when the route counted them: sent as `x-total-count` so the console can say "first 65,535 of N". */
  total?: number;
  maxRows?: number;
}

/**
 * Streams the export as it is written. A failure after the first byte cuts the answer — headers are gone by then,
 * so a cut connection is the only way to tell the client the file is bad.
 */
export function sendTable<Row>(request: FastifyRequest, reply: FastifyReply, answer: TableReply<Row>): FastifyReply {
  const format = answer.options.format ?? 'xlsx';
  const write = writerFor(format);
  const window = exportWindow(answer.options, answer.maxRows);
  const language = pickLanguage(request.headers['accept-language']);
  const table = resolveTable(answer.table, language, window);
  const fileName = exportFileName(answer.fileBase, format);
  const body = new PassThrough();
  write(body, table).catch((error: unknown) => {
    request.log.error({ err: error, fileName }, 'export failed mid-stream');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  if (answer.total !== undefined) {
    reply.header('x-total-count', String(answer.total));
    reply.header('x-export-rows', String(Math.max(0, Math.min(window.limit, answer.total - window.offset))));
  }
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', contentDisposition(fileName))
    .header('access-control-expose-headers', 'content-disposition, x-total-count, x-export-rows')
    .header('cache-control', 'no-store')
    .send(body);
}
