import { PassThrough, type Writable } from 'node:stream';
import yazl from 'yazl';
import { drained } from './backpressure.ts';
import { cellText } from './resolve.ts';
import type { ResolvedTable } from './types.ts';

// Word (.docx) written as WordprocessingML by hand, streamed into the zip row by row. The `docx` package builds the
// whole document as objects before packing it: a 65,535-row table would hold hundreds of megabytes, so this writer
// keeps only the row being written (docs/exports.md "Word"). Landscape A4, the header row repeated on every page
// (w:tblHeader), page numbers in the footer (PAGE / NUMPAGES fields, which Word computes when it lays out).

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PAGE = { width: 16838, height: 11906, margin: 720 }; // A4 landscape in twentieths of a point
const USABLE = PAGE.width - 2 * PAGE.margin;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/></Types>`;

const PACKAGE_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

const DOCUMENT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer1.xml"/></Relationships>`;

const LANG_TAG = { en: 'en-US', zh: 'zh-CN', th: 'th-TH' } as const;

/** Fonts Word picks per script: Latin, East Asian (Chinese) and complex script (Thai). */
function styles(language: keyof typeof LANG_TAG): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="${W}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Microsoft YaHei" w:cs="Leelawadee UI"/><w:sz w:val="18"/><w:szCs w:val="20"/><w:lang w:val="${LANG_TAG[language]}" w:eastAsia="zh-CN" w:bidi="th-TH"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:pPr><w:spacing w:after="120"/></w:pPr><w:rPr><w:b/><w:sz w:val="28"/><w:szCs w:val="28"/></w:rPr></w:style></w:styles>`;
}

const FOOTER = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:ftr xmlns:w="${W}"><w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple><w:r><w:t xml:space="preserve"> / </w:t></w:r><w:fldSimple w:instr=" NUMPAGES "><w:r><w:t>1</w:t></w:r></w:fldSimple></w:p></w:ftr>`;

// XML 1.0 has no place for most control characters; a stray one would make Word refuse the whole file.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing exactly those characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlText(text: string): string {
  return text.replace(NOT_XML, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function runs(text: string, bold: boolean): string {
  const rPr = bold ? '<w:rPr><w:b/><w:bCs/></w:rPr>' : '';
  return text
    .split(/\r?\n/)
    .map((line, i) => `<w:r>${rPr}${i > 0 ? '<w:br/>' : ''}<w:t xml:space="preserve">${xmlText(line)}</w:t></w:r>`)
    .join('');
}

function cell(text: string, width: number, header: boolean): string {
  const shade = header ? '<w:shd w:val="clear" w:color="auto" w:fill="E7E9EE"/>' : '';
  return `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${shade}</w:tcPr><w:p>${runs(text, header)}</w:p></w:tc>`;
}

/** Writes `chunk`, waiting while the zip has not taken the previous ones: the document never piles up in memory. */
async function put(stream: PassThrough, chunk: string, out: Writable): Promise<void> {
  if (!stream.write(chunk)) await drained(stream, out);
}

export async function writeDocx(out: Writable, table: ResolvedTable): Promise<number> {
  const zip = new yazl.ZipFile();
  const document = new PassThrough();
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(PACKAGE_RELS), '_rels/.rels');
  zip.addBuffer(Buffer.from(DOCUMENT_RELS), 'word/_rels/document.xml.rels');
  zip.addBuffer(Buffer.from(styles(table.language)), 'word/styles.xml');
  zip.addBuffer(Buffer.from(FOOTER), 'word/footer1.xml');
  zip.addReadStream(document, 'word/document.xml');
  zip.end();
  const finished = new Promise<void>((resolve, reject) => {
    zip.outputStream.on('error', reject);
    out.on('error', reject);
    out.on('finish', resolve);
  });
  zip.outputStream.pipe(out);

  const total = table.columns.reduce((sum, c) => sum + c.width, 0) || 1;
  const widths = table.columns.map((c) => Math.floor((USABLE * c.width) / total));
  const grid = widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('');
  await put(
    document,
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>` +
      `<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr>${runs(table.title, false)}</w:p>` +
      '<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblLayout w:type="fixed"/><w:tblBorders>' +
      ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
        .map((side) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="A0A4AB"/>`)
        .join('') +
      '</w:tblBorders><w:tblCellMar><w:left w:w="60" w:type="dxa"/><w:right w:w="60" w:type="dxa"/></w:tblCellMar>' +
      `</w:tblPr><w:tblGrid>${grid}</w:tblGrid>` +
      `<w:tr><w:trPr><w:tblHeader/><w:cantSplit/></w:trPr>${table.columns
        .map((c, i) => cell(c.header, widths[i] ?? 0, true))
        .join('')}</w:tr>`,
    out,
  );
  let count = 0;
  for await (const cells of table.rows) {
    const row = table.columns.map((c, i) => cell(cellText(cells[i], c.numFmt), widths[i] ?? 0, false)).join('');
    await put(document, `<w:tr><w:trPr><w:cantSplit/></w:trPr>${row}</w:tr>`, out);
    count += 1;
  }
  await put(
    document,
    '</w:tbl><w:p/>' +
      `<w:sectPr><w:footerReference w:type="default" r:id="rId2"/><w:pgSz w:w="${PAGE.width}" w:h="${PAGE.height}" w:orient="landscape"/>` +
      `<w:pgMar w:top="${PAGE.margin}" w:right="${PAGE.margin}" w:bottom="${PAGE.margin}" w:left="${PAGE.margin}" w:header="360" w:footer="360" w:gutter="0"/></w:sectPr>` +
      '</w:body></w:document>',
    out,
  );
  document.end();
  await finished;
  return count;
}
