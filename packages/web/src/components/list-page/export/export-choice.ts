import type { Query } from '../../../api/client';

// What the query bar's export dropdown offers (spec "Query bar": current page or the top 65,535 rows; Excel, Word,
// PDF) and the query string it adds to a screen's export call (docs/exports.md).

export const EXPORT_FORMATS = ['xlsx', 'pdf', 'docx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type ExportScope = 'page' | 'all';

export interface ExportChoice {
  format: ExportFormat;
  scope: ExportScope;
}

/** The most rows an "all" export holds; the server cuts there too. */
export const EXPORT_MAX_ROWS = 65_535;

/** A screen's export call: its path and filter; the dropdown adds format, scope, page and limit. */
export interface ExportRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Query;
  body?: unknown;
}

export function exportQuery(choice: ExportChoice, paging: { page: number; limit: number }): Query {
  return {
    format: choice.format,
    scope: choice.scope,
    ...(choice.scope === 'page' ? { page: paging.page, limit: paging.limit } : {}),
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

/** "1.2 MB" for the progress line. */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
