import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';

/** A CSV row with its source line, read through column names so files may order or omit optional columns. */
export interface CsvRow {
  line: number;
  get(column: string): string;
}

export interface CsvTable {
  columns: string[];
  rows: AsyncIterable<CsvRow>;
}

/**
 * Streams a GTFS CSV file row by row. Values are trimmed (feeds in the wild pad coordinates with spaces) and a
 * UTF-8 BOM is dropped. The header is read first so callers can report missing required columns.
 */
export async function readCsv(stream: Readable): Promise<CsvTable> {
  const parser = stream.pipe(
    parse({ bom: true, info: true, trim: true, relax_column_count: true, skip_empty_lines: true }),
  );
  const iterator: AsyncIterator<{ record: string[]; info: { lines: number } }> = parser[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return { columns: [], rows: emptyRows() };
  const columns = first.value.record.map((c) => c.trim());
  const index = new Map(columns.map((c, i) => [c, i]));
  async function* rows(): AsyncGenerator<CsvRow> {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      const { record, info } = next.value;
      yield {
        line: info.lines,
        get: (column) => {
          const i = index.get(column);
          return i === undefined ? '' : (record[i] ?? '');
        },
      };
    }
  }
  return { columns, rows: rows() };
}

async function* emptyRows(): AsyncGenerator<CsvRow> {}
