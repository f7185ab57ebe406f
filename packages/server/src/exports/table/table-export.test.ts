import { describe, expect, it } from 'vitest';
import { writeDocx } from './docx.ts';
import { contentDisposition, exportFileName } from './file-name.ts';
import { writePdf } from './pdf.ts';
import { pdfFonts } from './pdf-fonts.ts';
import { wrapText } from './pdf-text.ts';
import { resolveTable } from './resolve.ts';
import { collect, docxTable, HAS_POPPLER, pdfPages, pdfText, xlsxRows, zipTexts } from './testing/read-back.ts';
import type { ExportTable } from './types.ts';
import { writeXlsx } from './xlsx.ts';

// The table export module on its own: one table with English, Chinese and Thai text through the three writers,
// each file read back with a reader that did not write it (exceljs reading the stream writer's file, the docx's
// XML, poppler's pdftotext).

interface Stop {
  id: number;
  name: string;
  at: Date;
}

const STOPS: Stop[] = [
  { id: 1, name: 'Richmond Av / Victory Blvd', at: new Date(Date.UTC(2026, 0, 2, 8, 5, 9)) },
  { id: 2, name: '人民广场站 & <东>', at: new Date(Date.UTC(2026, 0, 3, 23, 0, 0)) },
  { id: 3, name: 'สถานีหมอชิต ถนนพหลโยธิน', at: new Date(Date.UTC(2026, 0, 4, 0, 0, 1)) },
];

async function* rowsOf<T>(rows: T[]): AsyncGenerator<T> {
  yield* rows;
}

function stopsTable(rows: Stop[]): ExportTable<Stop> {
  return {
    title: { en: 'Bus stops', zh: '公交站点', th: 'ป้ายรถเมล์' },
    columns: [
      { key: 'id', header: 'ID', width: 6, value: (r) => r.id },
      { key: 'name', header: { en: 'Name', zh: '站点名称', th: 'ชื่อป้าย' }, width: 40, value: (r) => r.name },
      { key: 'at', header: 'Time', width: 20, value: (r) => r.at, numFmt: 'yyyy-mm-dd hh:mm:ss' },
    ],
    rows: rowsOf(rows),
  };
}

const ALL = { offset: 0, limit: 65_535 };

describe('table export', () => {
  it('writes xlsx read back by exceljs, header in the language asked', async () => {
    const bytes = await collect((out) => writeXlsx(out, resolveTable(stopsTable(STOPS), 'zh', ALL)));
    const rows = await xlsxRows(bytes);
    expect(rows[0]).toEqual(['ID', '站点名称', 'Time']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(STOPS.map((s) => s.name));
    expect((rows[1]?.[2] as Date | undefined)?.toISOString()).toBe('2026-01-02T08:05:09.000Z');
  });

  it('cuts the rows to the window asked (a page, or the top rows)', async () => {
    const page2 = resolveTable(stopsTable(STOPS), 'en', { offset: 1, limit: 1 });
    const rows = await xlsxRows(await collect((out) => writeXlsx(out, page2)));
    expect(rows.slice(1).map((r) => r[0])).toEqual([2]);
    let pulled = 0;
    async function* endless(): AsyncGenerator<Stop> {
      for (let id = 1; ; id += 1) {
        pulled += 1;
        yield { id, name: `s${id}`, at: new Date(0) };
      }
    }
    const top = resolveTable({ ...stopsTable([]), rows: endless() }, 'en', { offset: 0, limit: 5 });
    const written = await collect((out) => writeXlsx(out, top));
    expect((await xlsxRows(written)).length).toBe(6);
    expect(pulled).toBe(5);
  });

  it('writes a Word document whose table holds the rows, with a repeated header row, landscape', async () => {
    const bytes = await collect((out) => writeDocx(out, resolveTable(stopsTable(STOPS), 'th', ALL)));
    const files = await zipTexts(bytes);
    expect([...files.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'word/_rels/document.xml.rels',
      'word/document.xml',
      'word/footer1.xml',
      'word/styles.xml',
    ]);
    const xml = files.get('word/document.xml') ?? '';
    expect(docxTable(xml)).toEqual([
      ['ID', 'ชื่อป้าย', 'Time'],
      ['1', 'Richmond Av / Victory Blvd', '2026-01-02 08:05:09'],
      ['2', '人民广场站 & <东>', '2026-01-03 23:00:00'],
      ['3', 'สถานีหมอชิต ถนนพหลโยธิน', '2026-01-04 00:00:01'],
    ]);
    expect(xml).toContain('<w:tblHeader/>');
    expect(xml).toContain('w:orient="landscape"');
    expect(xml).toContain('ป้ายรถเมล์');
    expect(files.get('word/footer1.xml')).toContain('PAGE');
  });

  it('breaks Thai between words, never inside a cluster', () => {
    const measure = (s: string) => [...s].length;
    const lines = wrapText('สถานีหมอชิตถนนพหลโยธิน', 8, measure, 'th');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('สถานีหมอชิตถนนพหลโยธิน');
    expect(lines[0]).toBe('สถานี');
    for (const line of lines) expect(line).not.toMatch(/^[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/);
  });

  const fonts = pdfFonts();
  it.skipIf(!fonts.ok)('writes a PDF whose text pdftotext reads back: Latin, Chinese and Thai', async () => {
    if (!fonts.ok) return;
    const bytes = await collect((out) => writePdf(out, resolveTable(stopsTable(STOPS), 'zh', ALL), fonts.fonts));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (!HAS_POPPLER) {
      console.warn('pdftotext not installed (poppler-utils): the PDF text check is skipped');
      return;
    }
    const text = pdfText(bytes) ?? '';
    expect(text).toContain('公交站点');
    expect(text).toContain('站点名称');
    expect(text).toContain('人民广场站 & <东>');
    expect(text).toContain('Richmond Av / Victory Blvd');
    expect(text).toContain('2026-01-03 23:00:00');
    expect(text.replace(/\s+/g, '')).toContain('สถานีหมอชิตถนนพหลโยธิน');
  });

  it.skipIf(!fonts.ok)('repeats the header on every PDF page and numbers the pages', async () => {
    if (!fonts.ok) return;
    const many = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: `ป้าย ${i + 1}`, at: new Date(0) }));
    const bytes = await collect((out) => writePdf(out, resolveTable(stopsTable(many), 'th', ALL), fonts.fonts));
    if (!HAS_POPPLER) return;
    const pages = pdfPages(bytes) ?? 0;
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(bytes) ?? '';
    const perPage = text.split('\f').filter((p) => p.trim());
    expect(perPage).toHaveLength(pages);
    perPage.forEach((page, i) => {
      expect(page).toContain('ชื่อป้าย');
      expect(page.trim().endsWith(String(i + 1))).toBe(true);
    });
  });

  it('names the file in ASCII and, for other scripts, with RFC 5987 filename*', () => {
    expect(contentDisposition('regions-20260101.xlsx')).toBe('attachment; filename="regions-20260101.xlsx"');
    const zh = contentDisposition(exportFileName('公交站点-20260101', 'pdf'));
    expect(zh).toBe(
      `attachment; filename="____-20260101.pdf"; filename*=UTF-8''${encodeURIComponent('公交站点-20260101.pdf')}`,
    );
    expect(exportFileName('a/b:c', 'docx')).toBe('a_b_c.docx');
  });
});
