import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { drained } from './backpressure.ts';
import type { PdfFonts } from './pdf-fonts.ts';
import { type Script, scriptRuns, wrapText } from './pdf-text.ts';
import { cellText } from './resolve.ts';
import type { ResolvedTable } from './types.ts';

// The table as a landscape A4 PDF: title, the header row repeated at the top of every page, "page N" at the foot.
// Pages are written out as they fill (pdfkit without bufferPages), and the loop waits while the reader is behind,
// so a 65,535-row export holds one page at a time.

const MARGIN = 28;
const FONT_SIZE = 8;
const LINE = FONT_SIZE * 1.45;
const PAD = 3;
/** Baseline below the top of a line. */
const ASCENT = FONT_SIZE * 1.05;
const MAX_LINES = 12;
const HEADER_FILL = '#E7E9EE';
const BORDER = '#A0A4AB';
/** pdfkit's own buffer beyond which the writer waits for the reader (bytes). */
const BACKLOG = 1 << 20;

const FACE: Record<Script, string> = { main: 'HeadwayMain', thai: 'HeadwayThai' };

export async function writePdf(out: Writable, table: ResolvedTable, fonts: PdfFonts): Promise<number> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    autoFirstPage: false,
    bufferPages: false,
    info: { Title: table.title, Creator: 'Headway' },
    lang: { en: 'en-US', zh: 'zh-CN', th: 'th-TH' }[table.language],
  } as PDFKit.PDFDocumentOptions);
  doc.registerFont(FACE.main, fonts.main.data, fonts.main.face as string);
  doc.registerFont(FACE.thai, fonts.thai.data, fonts.thai.face as string);
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('error', reject);
    out.on('error', reject);
    out.on('finish', resolve);
  });
  doc.pipe(out);

  const widthCache = new Map<string, number>();
  function measure(text: string): number {
    const known = widthCache.get(text);
    if (known !== undefined) return known;
    let width = 0;
    for (const run of scriptRuns(text)) width += doc.font(FACE[run.script]).fontSize(FONT_SIZE).widthOfString(run.text);
    // Short repeated texts (types, yes/no, names) are most of a table; long ones rarely repeat.
    if (text.length <= 32 && widthCache.size < 20_000) widthCache.set(text, width);
    return width;
  }
  function drawLine(text: string, x: number, y: number): void {
    let at = x;
    for (const run of scriptRuns(text)) {
      // On the baseline: the CJK and Thai faces have different ascents, so top-aligned runs would not line up.
      doc
        .font(FACE[run.script])
        .fontSize(FONT_SIZE)
        .text(run.text, at, y + ASCENT, { lineBreak: false, baseline: 'alphabetic' });
      at += doc.widthOfString(run.text);
    }
  }

  const pageWidth = doc.page ? doc.page.width : 841.89;
  const usable = pageWidth - 2 * MARGIN;
  const total = table.columns.reduce((sum, c) => sum + c.width, 0) || 1;
  const widths = table.columns.map((c) => (usable * c.width) / total);
  const lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  let page = 0;
  let y = 0;
  let bottom = 0;

  function drawRow(lines: string[][], header: boolean): void {
    const height = Math.max(1, ...lines.map((l) => l.length)) * LINE + 2 * PAD;
    if (header) doc.rect(MARGIN, y, usable, height).fill(HEADER_FILL);
    doc.fillColor('#1F2329');
    lines.forEach((cellLines, i) => {
      cellLines.forEach((line, n) => {
        drawLine(line, (lefts[i] ?? 0) + PAD, y + PAD + n * LINE);
      });
    });
    doc.lineWidth(0.5).strokeColor(BORDER);
    doc.rect(MARGIN, y, usable, height).stroke();
    for (const left of lefts.slice(1))
      doc
        .moveTo(left, y)
        .lineTo(left, y + height)
        .stroke();
    y += height;
  }

  const headerLines = table.columns.map((c, i) =>
    wrapText(c.header, (widths[i] ?? 0) - 2 * PAD, measure, table.language, 3),
  );
  function newPage(): void {
    doc.addPage();
    page += 1;
    bottom = doc.page.height - MARGIN - LINE;
    y = MARGIN;
    doc.fillColor('#1F2329');
    drawLine(table.title, MARGIN, y);
    const number = String(page);
    drawLine(number, pageWidth - MARGIN - measure(number), doc.page.height - MARGIN - FONT_SIZE);
    y += LINE + PAD;
    drawRow(headerLines, true);
  }

  newPage();
  let count = 0;
  for await (const cells of table.rows) {
    const lines = table.columns.map((c, i) =>
      wrapText(cellText(cells[i], c.numFmt), (widths[i] ?? 0) - 2 * PAD, measure, table.language, MAX_LINES),
    );
    const height = Math.max(1, ...lines.map((l) => l.length)) * LINE + 2 * PAD;
    if (y + height > bottom) {
      newPage();
      if (doc.readableLength > BACKLOG) await drained(out);
    }
    drawRow(lines, false);
    count += 1;
  }
  doc.end();
  await finished;
  return count;
}
