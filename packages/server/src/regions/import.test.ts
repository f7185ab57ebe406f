import { PermissionBit } from '@headway/spec';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { signedInUserWith } from '../../test/helpers/users.ts';
import type { ImportReport, ListResult, RegionRow } from '../contract/index.ts';
import { download, envelopeOf } from '../exports/table/testing/download.ts';
import { xlsxRows } from '../exports/table/testing/read-back.ts';
import { IMPORT_MAX_BYTES } from '../imports/routes.ts';
import { ErrorCode } from '../kernel/errors.ts';

// POST /basic/region/import over real HTTP on both engines: a workbook with bad rows refused by row and column
// with nothing written, the good file written in one go, re-imported as updates, the import bit, the upload cap,
// and another company's regions untouched.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Regions');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.each(ENGINES)('region import on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let otherAdmin: HeadwayClient;
  let viewer: HeadwayClient;

  const upload = (client: HeadwayClient, body: Buffer, commit = false, language = 'en') =>
    download(client, () => server.clock.now(), 'POST', `/basic/region/import${commit ? '?commit=true' : ''}`, {
      body,
      contentType: XLSX,
      language,
    });
  const report = (file: { bytes: Buffer }) => envelopeOf(file as never) as { code: number; result: ImportReport };
  const names = async (client: HeadwayClient) =>
    (
      await client.post<ListResult<RegionRow>>('/basic/region/list', { page: 1, limit: 100, data: { search: 'Imp' } })
    ).result.rows
      .map((r) => `${r.region_name}|${r.region_type}|${r.remark}`)
      .sort();

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = server.client();
    await admin.login('admin', PASSWORD);
    await seedCompany(server.store, 'Other Lines', 'imp-b-admin');
    otherAdmin = server.client();
    await otherAdmin.login('imp-b-admin', PASSWORD);
    viewer = await signedInUserWith(server, admin, 'imp-viewer', {
      BasicRegion: PermissionBit.view | PermissionBit.export,
    });
  }, 60_000);
  afterAll(async () => server?.close());

  it('refuses bad rows by row and column, writes nothing, then imports the good file and updates on re-import', async () => {
    const header = ['Name', 'Type', 'Points', 'Use', 'Shared', 'Remark'];
    const bad = await workbook(header, [
      ['Imp depot', 'Circle', '13.7,100.5,300', 'Parking (depot)', 'Yes', 'north'],
      ['Imp square', 'Hexagon', '13.7,100.5', '', '', ''],
      ['Imp poi', 0, '13.8,100.6', '', 'No', ''],
      ['Imp box', '矩形', '13.8', '', '', ''],
    ]);
    const preview = report(await upload(admin, bad));
    expect(preview.code).toBe(0);
    expect(preview.result).toEqual({
      rows: 4,
      created: 2,
      updated: 0,
      written: false,
      refused: [
        { row: 3, column: 'Type', reason: 'unknown type' },
        { row: 5, column: 'Points', reason: expect.any(String) },
      ],
    });
    const refusedInThai = report(await upload(admin, bad, false, 'th'));
    expect(refusedInThai.result.refused.map((r) => r.column)).toEqual(['ประเภท', 'พิกัด']);

    const committed = report(await upload(admin, bad, true));
    expect(committed.code).toBe(ErrorCode.parameter);
    expect(committed.result.refused).toHaveLength(2);
    expect(await names(admin)).toEqual([]);

    const good = await workbook(header, [
      ['Imp depot', 'Circle', '13.7,100.5,300', 'Parking (depot)', 'Yes', 'north'],
      ['Imp poi', 0, '13.8,100.6', '', 'No', ''],
    ]);
    const written = report(await upload(admin, good, true));
    expect(written.result).toMatchObject({ rows: 2, created: 2, updated: 0, written: true, refused: [] });
    expect(await names(admin)).toEqual(['Imp depot|1|north', 'Imp poi|0|']);

    // Headers in Chinese, the same names: updates.
    const again = await workbook(
      ['区域名称', '类型', '坐标点', '备注'],
      [
        ['Imp depot', '圆形', '13.7,100.5,300', 'south'],
        ['Imp poi', '兴趣点', '13.8,100.6', 'kept'],
      ],
    );
    const updated = report(await upload(admin, again, true));
    expect(updated.result).toMatchObject({ created: 0, updated: 2, written: true });
    expect(await names(admin)).toEqual(['Imp depot|1|south', 'Imp poi|0|kept']);

    // Another company: its own regions, the first company's left as they are.
    expect(report(await upload(otherAdmin, good, true)).result).toMatchObject({ created: 2, updated: 0 });
    expect(await names(admin)).toEqual(['Imp depot|1|south', 'Imp poi|0|kept']);
  });

  it('offers a template with the headers in the caller language, which imports as is', async () => {
    const file = await download(admin, () => server.clock.now(), 'GET', '/basic/region/import/template', {
      language: 'zh',
    });
    expect(file.contentType).toBe(XLSX);
    const rows = await xlsxRows(file.bytes);
    expect(rows).toEqual([['区域名称', '类型', '坐标点', '用途', '共享', '备注']]);
    expect(report(await upload(admin, file.bytes)).result).toMatchObject({ rows: 0, refused: [] });
  });

  it('needs the import bit (1005), an xlsx with the required columns (1004), and answers 1009 beyond the cap', async () => {
    const good = await workbook(['Name', 'Type', 'Points'], [['Imp x', 0, '1,1']]);
    expect(report(await upload(viewer, good)).code).toBe(ErrorCode.permission);
    expect(report(await upload(admin, Buffer.from('not a workbook'))).code).toBe(ErrorCode.parameter);
    const noPoints = report(await upload(admin, await workbook(['Name', 'Type'], [['Imp x', 0]])));
    expect(noPoints.code).toBe(ErrorCode.parameter);
    expect(noPoints.result).toMatchObject({ field: 'file', reason: 'missing column Points' });
    const huge = await upload(admin, Buffer.alloc(IMPORT_MAX_BYTES + 1));
    expect(huge.status).toBe(413);
    expect(report(huge).code).toBe(ErrorCode.tooMuchData);
  });
});
