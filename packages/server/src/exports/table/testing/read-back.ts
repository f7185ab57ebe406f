import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';

// Reading exports back in tests: xlsx with exceljs, docx as its zip's XML, PDF through poppler's pdftotext (when
// installed; the caller skips with a message otherwise).

export async function collect(write: (out: PassThrough) => Promise<unknown>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await write(out);
  await ended;
  return Buffer.concat(chunks);
}

export async function xlsxRows(bytes: Buffer | ArrayBuffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** Every file of a zip, as text. */
export function zipTexts(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream: Readable | undefined) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(parts).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The cells of a docx's table, row by row, from word/document.xml. */
export function docxTable(xml: string): string[][] {
  const decode = (s: string) => s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  return [...xml.matchAll(/<w:tr>(.*?)<\/w:tr>/gs)].map(([, row]) =>
    [...(row ?? '').matchAll(/<w:tc>(.*?)<\/w:tc>/gs)].map(([, cell]) =>
      [...(cell ?? '').matchAll(/<w:t(?: [^>]*)?>(.*?)<\/w:t>/gs)].map(([, t]) => decode(t ?? '')).join(''),
    ),
  );
}

export const HAS_POPPLER = spawnSync('pdftotext', ['-v']).status === 0;

/** The PDF's text as poppler extracts it (layout kept), or null without poppler-utils. */
export function pdfText(bytes: Buffer): string | null {
  if (!HAS_POPPLER) return null;
  const dir = mkdtempSync(join(tmpdir(), 'headway-pdf-'));
  try {
    const file = join(dir, 'export.pdf');
    writeFileSync(file, bytes);
    execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, join(dir, 'out.txt')]);
    return readFileSync(join(dir, 'out.txt'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Pages of the PDF per pdfinfo. */
export function pdfPages(bytes: Buffer): number | null {
  if (!HAS_POPPLER) return null;
  const dir = mkdtempSync(join(tmpdir(), 'headway-pdf-'));
  try {
    const file = join(dir, 'export.pdf');
    writeFileSync(file, bytes);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    return Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
