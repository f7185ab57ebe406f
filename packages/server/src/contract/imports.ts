// What an xlsx import answers (docs/exports.md "Imports"): the same shape for a preview and for a commit.

export interface RefusedRow {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  /** The column's header in the caller's language. */
  column: string;
  reason: string;
}

export interface ImportReport {
  /** Data rows read (blank rows skipped). */
  rows: number;
  created: number;
  updated: number;
  refused: RefusedRow[];
  /** false for a preview, or when anything was refused: then nothing was written. */
  written: boolean;
}
