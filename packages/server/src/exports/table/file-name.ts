import { formatLocalTime } from '../../companies/time-zone.ts';
import type { ExportFormat } from './types.ts';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * Content-Disposition for a download (RFC 6266): an ASCII `filename` every client reads, and, when the name has
 * other characters (a Chinese or Thai title), `filename*` in UTF-8 as RFC 5987 encodes it, which browsers prefer.
 */
export function contentDisposition(fileName: string): string {
  // Quotes, backslashes and control characters cannot sit in a quoted-string safely; neither can non-ASCII.
  const ascii = fileName.replace(/[^\x20-\x7E]|["\\]/g, '_');
  if (ascii === fileName) return `attachment; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** `base.ext`, the base stripped of characters no file system takes. */
export function exportFileName(base: string, format: ExportFormat): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are not allowed in file names
  const safe = base.replace(/[\u0000-\u001F/\\:*?"<>|]/g, '_').trim() || 'export';
  return `${safe}.${format}`;
}

/** `{prefix}-YYYYMMDD-YYYYMMDD` for an export of a span, the days in the zone the rows are written in. */
export function spanFileBase(prefix: string, start: number, end: number, timeZone: string): string {
  const day = (t: number) => formatLocalTime(t, timeZone).slice(0, 10).replaceAll('-', '');
  return `${prefix}-${day(start)}-${day(end)}`;
}
