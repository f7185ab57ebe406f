import type { Label, Language } from '@headway/spec';

// The one shape every list export is written from (docs/exports.md): columns with a header per language, a width
// and a formatter, and the rows as a stream. The xlsx, PDF and Word writers read only this, so a screen declares
// its columns once and gets the three formats.

/** What a cell holds. Dates are wall-clock Dates (their UTC fields are the local time, see wallClockDate). */
export type Cell = string | number | Date | null | undefined;

export interface ExportColumn<Row> {
  /** Stable id of the column (xlsx column key). */
  key: string;
  /** Header in the caller's language, or a label picked for it. */
  header: Label | string;
  /** Width in characters, as a spreadsheet measures it; PDF and Word share the page in these proportions. */
  width: number;
  value: (row: Row) => Cell;
  /** Excel number format of the column's cells; `yyyy-mm-dd` Dates print without a time in PDF and Word too. */
  numFmt?: string;
}

export interface ExportTable<Row> {
  /** Sheet name and document title. */
  title: Label | string;
  columns: readonly ExportColumn<Row>[];
  rows: AsyncIterable<Row>;
}

/** A table resolved for one language: what the format writers get. */
export interface ResolvedTable {
  title: string;
  language: Language;
  columns: readonly ResolvedColumn[];
  rows: AsyncIterable<Cell[]>;
}

export interface ResolvedColumn {
  key: string;
  header: string;
  width: number;
  numFmt?: string;
}

export type ExportFormat = 'xlsx' | 'pdf' | 'docx';
