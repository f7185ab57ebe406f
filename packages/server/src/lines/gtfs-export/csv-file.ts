import { PassThrough, type Writable } from 'node:stream';
import { drained } from '../../exports/table/backpressure.ts';

// One CSV file of the exported feed, streamed into the zip line by line (RFC 4180 quoting, as GTFS asks).

export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export class CsvFile {
  readonly stream = new PassThrough();
  lines = 0;

  constructor(
    columns: readonly string[],
    private readonly out: Writable,
  ) {
    this.stream.write(`${columns.join(',')}\n`);
  }

  /** Writes a row, waiting while the zip has not taken the earlier ones. */
  async row(values: readonly (string | number)[]): Promise<void> {
    this.lines += 1;
    if (!this.stream.write(`${values.map(csvField).join(',')}\n`)) await drained(this.stream, this.out);
  }

  end(): void {
    this.stream.end();
  }
}
