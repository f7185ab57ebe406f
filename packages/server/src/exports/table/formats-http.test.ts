import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { signedInUserWith } from '../../../test/helpers/users.ts';
import type { RegionRow } from '../../contract/index.ts';
import { ErrorCode } from '../../kernel/errors.ts';
import { pdfFonts } from './pdf-fonts.ts';
import { type Download, download, envelopeOf } from './testing/download.ts';
import { docxTable, HAS_POPPLER, pdfText, xlsxRows, zipTexts } from './testing/read-back.ts';

// The three formats and both ranges through a real export route (GET /basic/region/export) over HTTP on both
// engines: the file read back, the export permission bit, the company's rows only; and the basic-data lists
// (vehicles, devices, staff, bus stops) in the three formats.

const NAMES = ['IO 人民广场', 'IO สถานีหมอชิต', 'IO Victory Blvd'];

describe.each(ENGINES)('export formats over HTTP on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let otherAdmin: HeadwayClient;
  let viewer: HeadwayClient;

  const get = (client: HeadwayClient, query: string, language = 'en') =>
    download(client, () => server.clock.now(), 'GET', `/basic/region/export?search=IO&${query}`, { language });

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = server.client();
    await admin.login('admin', PASSWORD);
    await seedCompany(server.store, 'Other Lines', 'io-b-admin');
    otherAdmin = server.client();
    await otherAdmin.login('io-b-admin', PASSWORD);
    viewer = await signedInUserWith(server, admin, 'io-viewer', { BasicRegion: PermissionBit.view });
    for (const [i, name] of NAMES.entries()) {
      const reply = await admin.post<RegionRow>('/basic/region', {
        region_name: name,
        region_type: 0,
        region_point: `13.7${i},100.5`,
        is_share: 1,
      });
      expect(reply.code).toBe(0);
    }
    // Seeding the demo company on a busy machine takes a while.
  }, 60_000);
  afterAll(() => server.close());

  function expectFile(file: Download, type: string, extension: string) {
    expect(file.status).toBe(200);
    expect(file.contentType).toBe(type);
    expect(file.disposition).toMatch(new RegExp(`^attachment; filename="regions-\\d{8}\\.${extension}"$`));
    expect(file.total).toBe('3');
  }

  it('exports xlsx, the whole list or one page', async () => {
    const all = await get(admin, 'format=xlsx');
    expectFile(all, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx');
    expect((await xlsxRows(all.bytes)).slice(1).map((r) => r[0])).toEqual([...NAMES].reverse());
    const page2 = await get(admin, 'scope=page&page=2&limit=2');
    expect((await xlsxRows(page2.bytes)).slice(1).map((r) => r[0])).toEqual([NAMES[0]]);
  });

  it('exports Word in the caller language', async () => {
    const file = await get(admin, 'format=docx', 'zh');
    expectFile(file, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx');
    const table = docxTable((await zipTexts(file.bytes)).get('word/document.xml') ?? '');
    expect(table[0]?.[0]).toBe('区域名称');
    expect(table.slice(1).map((r) => r[0])).toEqual([...NAMES].reverse());
  });

  it.skipIf(!pdfFonts().ok)('exports PDF with Chinese and Thai text', async () => {
    const file = await get(admin, 'format=pdf', 'th');
    expectFile(file, 'application/pdf', 'pdf');
    if (!HAS_POPPLER) {
      console.warn('pdftotext not installed (poppler-utils): the PDF text check is skipped');
      return;
    }
    const text = pdfText(file.bytes) ?? '';
    expect(text).toContain('ชื่อพื้นที่');
    expect(text).toContain('IO 人民广场');
    expect(text).toContain('IO สถานีหมอชิต');
  });

  it('refuses without the export bit (1005), a bad format or a page without its number (1004)', async () => {
    expect(envelopeOf(await get(viewer, 'format=pdf')).code).toBe(ErrorCode.permission);
    expect(envelopeOf(await get(admin, 'format=odt')).code).toBe(ErrorCode.parameter);
    expect(envelopeOf(await get(admin, 'scope=page')).code).toBe(ErrorCode.parameter);
    expect(envelopeOf(await get(admin, 'scope=page&page=1&limit=5000')).code).toBe(ErrorCode.parameter);
  });

  // The basic-data lists (basic-data/list-export.ts) answer through the same module: each in the three formats.
  it('exports vehicles, devices, staff and bus stops as xlsx, PDF and Word', async () => {
    const made = [
      await admin.post('/basic/devices', { imei: '861234569990001', terminal_phone: '013899990001' }),
      await admin.post('/basic/cars', { car_name: 'Fmt bus สายสีเขียว', lpn: 'FMT-1', imei: '861234569990001' }),
      await admin.post('/basic/employees', { emp_id: 'F7001', emp_name: 'สมชาย 王', emp_type: 2 }),
      await admin.post('/basic/busstops', { stop_name: 'Fmt 人民广场', lat: 13.75, lng: 100.5 }),
    ];
    expect(
      made.map((r) => r.code),
      JSON.stringify(made.map((r) => r.result)),
    ).toEqual([0, 0, 0, 0]);
    const lists = [
      // `short`: a text no PDF column of that list is too narrow for (PDF cells wrap).
      { path: '/basic/cars/export?search=Fmt%20bus', base: 'vehicles', text: 'Fmt bus สายสีเขียว', short: 'FMT-1' },
      {
        path: '/basic/devices/export?search=861234569990001',
        base: 'devices',
        text: '013899990001',
        short: '013899990001',
      },
      { path: '/basic/employees/export?search=F7001', base: 'staff', text: 'สมชาย 王', short: 'F7001' },
      { path: '/basic/busstops/export?search=Fmt', base: 'bus-stops', text: 'Fmt 人民广场', short: 'Fmt 人民广场' },
    ];
    for (const list of lists) {
      const fetch = (format: string) =>
        download(admin, () => server.clock.now(), 'GET', `${list.path}&format=${format}`, { language: 'zh' });
      const xlsx = await fetch('xlsx');
      expect(xlsx.status, list.path).toBe(200);
      expect(xlsx.disposition).toMatch(new RegExp(`^attachment; filename="${list.base}-\\d{8}\\.xlsx"$`));
      expect((await xlsxRows(xlsx.bytes)).slice(1).flat(), list.path).toContain(list.text);

      const docx = await fetch('docx');
      expect(docx.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      const table = docxTable((await zipTexts(docx.bytes)).get('word/document.xml') ?? '');
      expect(table.slice(1).flat(), list.path).toContain(list.text);

      if (!pdfFonts().ok) continue;
      const pdf = await fetch('pdf');
      expect(pdf.contentType).toBe('application/pdf');
      expect(pdf.disposition).toMatch(new RegExp(`^attachment; filename="${list.base}-\\d{8}\\.pdf"$`));
      const text = pdfText(pdf.bytes);
      if (text !== null) expect(text, list.path).toContain(list.short);
    }
  }, 120_000);

  it("gives another company's administrator none of these rows", async () => {
    const file = await get(otherAdmin, 'format=docx');
    expect(file.total).toBe('0');
    const table = docxTable((await zipTexts(file.bytes)).get('word/document.xml') ?? '');
    expect(table).toHaveLength(1);
  });
});
