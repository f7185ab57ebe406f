/**
 * Table export cost (packages/server/src/exports/table): 65,535 rows of a 9-column table (the alarm export's shape:
 * names, codes, numbers, two times) written as xlsx, PDF and Word into a counting sink, with the time taken, the
 * bytes written and the peak RSS growth sampled every 20 ms. One format per run keeps the memory figures apart:
 *
 *   node --import tsx bench/table-export.ts --format xlsx [--rows 65535] [--language zh]
 */
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { writeDocx } from '../packages/server/src/exports/table/docx.ts';
import { writePdf } from '../packages/server/src/exports/table/pdf.ts';
import { pdfFonts } from '../packages/server/src/exports/table/pdf-fonts.ts';
import { resolveTable } from '../packages/server/src/exports/table/resolve.ts';
import type { ExportTable } from '../packages/server/src/exports/table/types.ts';
import { writeXlsx } from '../packages/server/src/exports/table/xlsx.ts';

const { values } = parseArgs({
  options: {
    format: { type: 'string', default: 'xlsx' },
    rows: { type: 'string', default: '65535' },
    language: { type: 'string', default: 'zh' },
  },
});
const rows = Number(values.rows);
const language = values.language as 'en' | 'zh' | 'th';

interface Row {
  i: number;
}
const NAMES = ['人民广场 8201', 'รถเมล์สาย 8', 'S40 Richmond Av', '超速报警'];
async function* source(): AsyncGenerator<Row> {
  for (let i = 0; i < rows; i++) yield { i };
}
const table: ExportTable<Row> = {
  title: { en: 'Alarms', zh: '报警', th: 'การแจ้งเตือน' },
  rows: source(),
  columns: [
    { key: 'vehicle', header: { en: 'Vehicle', zh: '车辆', th: 'รถ' }, width: 16, value: (r) => NAMES[r.i % 4] },
    { key: 'plate', header: 'Plate', width: 14, value: (r) => `NY-${8000 + (r.i % 900)}` },
    { key: 'imei', header: 'IMEI', width: 18, value: (r) => String(864520040000000 + r.i) },
    { key: 'type', header: { en: 'Type', zh: '类型', th: 'ประเภท' }, width: 28, value: (r) => NAMES[(r.i + 3) % 4] },
    { key: 'speed', header: 'km/h', width: 10, value: (r) => (r.i % 90) + 0.5 },
    {
      key: 'start',
      header: 'Start',
      width: 21,
      numFmt: 'yyyy-mm-dd hh:mm:ss',
      value: (r) => new Date(Date.UTC(2026, 0, 1) + r.i * 1000),
    },
    {
      key: 'end',
      header: 'End',
      width: 21,
      numFmt: 'yyyy-mm-dd hh:mm:ss',
      value: (r) => new Date(Date.UTC(2026, 0, 1) + r.i * 1000 + 30_000),
    },
    { key: 'lat', header: 'Lat', width: 12, value: (r) => 40.6 + (r.i % 1000) / 10_000 },
    { key: 'remark', header: 'Remark', width: 30, value: (r) => (r.i % 10 === 0 ? '司机已确认 / ยืนยันแล้ว' : '') },
  ],
};

let bytes = 0;
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    bytes += chunk.length;
    done();
  },
});
const baseRss = process.memoryUsage().rss;
let peak = baseRss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const resolved = resolveTable(table, language, { offset: 0, limit: rows });
const started = performance.now();
let written: number;
if (values.format === 'xlsx') written = await writeXlsx(sink, resolved);
else if (values.format === 'docx') written = await writeDocx(sink, resolved);
else {
  const fonts = pdfFonts();
  if (!fonts.ok) throw new Error(`PDF fonts missing: ${fonts.missing.join(', ')}`);
  written = await writePdf(sink, resolved, fonts.fonts);
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
console.log(
  JSON.stringify({
    format: values.format,
    language,
    rows: written,
    seconds: Number(seconds.toFixed(2)),
    megabytes: Number((bytes / 1e6).toFixed(1)),
    // The writers run in microtasks between pauses; the process's own high-water mark is the honest figure.
    rssGrowthMb: Number(((Math.max(peak, process.resourceUsage().maxRSS * 1024) - baseRss) / 1e6).toFixed(0)),
  }),
);
