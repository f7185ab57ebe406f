import { type Label, type Language, labelIn } from '@headway/spec';
import type { Cell, ExportTable, ResolvedTable } from './types.ts';

const textOf = (value: Label | string, language: Language) =>
  typeof value === 'string' ? value : labelIn(value, language);

/** The table in one language, its rows turned into cell arrays and cut to the window asked for. */
export function resolveTable<Row>(
  table: ExportTable<Row>,
  language: Language,
  window: { offset: number; limit: number },
): ResolvedTable {
  const columns = table.columns.map((c) => ({
    key: c.key,
    header: textOf(c.header, language),
    width: c.width,
    ...(c.numFmt ? { numFmt: c.numFmt } : {}),
  }));
  async function* rows(): AsyncGenerator<Cell[]> {
    if (window.limit <= 0) return;
    let index = 0;
    let written = 0;
    // Leaving the loop early calls the source's return(): a paging query stops asking for more.
    for await (const row of table.rows) {
      if (index++ < window.offset) continue;
      yield table.columns.map((c) => c.value(row));
      if (++written >= window.limit) return;
    }
  }
  return { title: textOf(table.title, language), language, columns, rows: rows() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A cell as PDF and Word print it: wall-clock Dates as `YYYY-MM-DD HH:mm:ss` (or the day alone). */
export function cellText(value: Cell, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    if (numFmt && !/h/i.test(numFmt)) return day;
    return `${day} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  }
  return String(value);
}
