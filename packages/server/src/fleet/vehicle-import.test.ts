import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { signedInUserWith } from '../../test/helpers/users.ts';
import type { DeviceRecord, ListResult, VehicleRecord } from '../contract/index.ts';
import { IMPORT_MAX_BYTES } from '../imports/routes.ts';
import { fetchFile, reportOf, uploader, workbook } from '../imports/testing.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { organisationDb } from '../organisation/schema.ts';
import { seedFleet, seedLine } from './testing.ts';

// POST /basic/cars/import over real HTTP on both engines: two bad rows refused by row and column with nothing
// written, the good file written, re-imported as updates, references by name, the import bit, another company
// untouched, the authorised vehicle count, files that are not workbooks or too large, and an export that imports
// back as it is.

const HEADER = ['Vehicle name', 'Plate', 'IMEI', 'Line', 'Fleet', 'Remark'];

describe.each(ENGINES)('vehicle import on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let adminB: HeadwayClient;
  let viewer: HeadwayClient;
  let companyB: number;
  let takenPlate: string;
  let upload: ReturnType<typeof uploader>;

  const imported = async (client: HeadwayClient) =>
    (await client.get<ListResult<VehicleRecord>>('/basic/cars?page=1&limit=100&search=Imp%20bus')).result.rows
      .map((r) => `${r.car_name}|${r.lpn}|${r.imei}|${r.route_name}|${r.fleet_name}|${r.remark}`)
      .sort();

  beforeAll(async () => {
    server = await startTestServer(engine);
    upload = uploader(server, '/basic/cars/import');
    admin = server.client();
    await admin.login('admin', PASSWORD);
    const other = await seedCompany(server.store, 'Other Buses', 'vimp-b-admin');
    companyB = other.companyId;
    adminB = server.client();
    await adminB.login('vimp-b-admin', PASSWORD);
    viewer = await signedInUserWith(server, admin, 'vimp-viewer', {
      BasicVehicle: PermissionBit.view | PermissionBit.add | PermissionBit.export,
    });
    await seedLine(server.store.db, server.demoCompanyId, 'IMP1');
    await seedFleet(server.store.db, server.demoCompanyId, 'Imp depot');
    const device = await admin.post<DeviceRecord>('/basic/devices', {
      imei: '869000000000101',
      terminal_phone: '013869000101',
    });
    expect(device.code).toBe(0);
    takenPlate = 'IMP-TAKEN';
    const taken = await admin.post<VehicleRecord>('/basic/cars', { car_name: 'Taken one', lpn: takenPlate });
    expect(taken.code, JSON.stringify(taken.result)).toBe(0);
    // A row naming this vehicle with the first one's plate is a plate taken (a row matching one by plate alone
    // updates it).
    await admin.post<VehicleRecord>('/basic/cars', { car_name: 'Taken two', lpn: 'IMP-TAKEN2' });
    const list = await admin.get<ListResult<VehicleRecord>>('/basic/cars?page=1&limit=10');
    expect(list.code, JSON.stringify(list)).toBe(0);
  }, 60_000);
  afterAll(async () => server?.close());

  it('refuses two bad rows by row and column and writes nothing, then imports the good file', async () => {
    const bad = await workbook(HEADER, [
      ['Imp bus 1', 'IMP-001', '869000000000101', 'Line IMP1', 'Imp depot', ''],
      ['Taken two', takenPlate, '', '', '', ''],
      ['Imp bus 3', 'IMP-003', '', 'IMP1', '', ''],
      ['Imp bus 4', '', '', '', '', ''],
      ['Imp bus 5', 'IMP-005', '', '', '', 'last'],
    ]);
    const preview = reportOf(await upload(admin, bad));
    expect(preview.code).toBe(0);
    expect(preview.result).toEqual({
      rows: 5,
      created: 3,
      updated: 0,
      written: false,
      refused: [
        { row: 3, column: 'Plate', reason: `Plate [${takenPlate}] already exists` },
        { row: 5, column: 'Plate', reason: 'required' },
      ],
    });
    // Headers of the caller's language, the spec's sentence in it.
    const inChinese = reportOf(await upload(admin, bad, false, 'zh'));
    expect(inChinese.result.refused[0]).toEqual({ row: 3, column: '车牌号', reason: `车牌号 [${takenPlate}] 已存在` });

    const refused = reportOf(await upload(admin, bad, true));
    expect(refused.code).toBe(ErrorCode.parameter);
    expect(refused.result).toMatchObject({ field: 'file', written: false });
    expect(await imported(admin)).toEqual([]);

    const good = await workbook(HEADER, [
      ['Imp bus 1', 'IMP-001', '869000000000101', 'Line IMP1', 'Imp depot', ''],
      ['Imp bus 3', 'IMP-003', '', 'IMP1', '', ''],
      ['Imp bus 5', 'IMP-005', '', '', '', 'last'],
    ]);
    const written = reportOf(await upload(admin, good, true));
    expect(written.result).toEqual({ rows: 3, created: 3, updated: 0, written: true, refused: [] });
    expect(await imported(admin)).toEqual([
      'Imp bus 1|IMP-001|869000000000101|Line IMP1|Imp depot|',
      'Imp bus 3|IMP-003||Line IMP1||',
      'Imp bus 5|IMP-005||||last',
    ]);

    // Again, by name or by plate: updates, nothing duplicated; columns the file lacks are kept.
    const again = await workbook(
      ['Vehicle name', 'Plate', 'Remark'],
      [
        ['Imp bus 1', 'IMP-001', 'again'],
        ['Imp bus 3b', 'IMP-003', 'renamed'],
      ],
    );
    expect(reportOf(await upload(admin, again, true)).result).toMatchObject({ created: 0, updated: 2, written: true });
    expect(await imported(admin)).toEqual([
      'Imp bus 1|IMP-001|869000000000101|Line IMP1|Imp depot|again',
      'Imp bus 3b|IMP-003||Line IMP1||renamed',
      'Imp bus 5|IMP-005||||last',
    ]);
  });

  it('refuses a later row repeating a key, unknown references, and another company’s device', async () => {
    const file = await workbook(HEADER, [
      ['Imp bus 7', 'IMP-007', '', 'No such line', '', ''],
      ['Imp bus 8', 'IMP-008', '', '', 'No such fleet', ''],
      ['Imp bus 9', 'IMP-009', '', '', '', ''],
      ['Imp bus 9', 'IMP-010', '', '', '', ''],
    ]);
    expect(reportOf(await upload(admin, file)).result.refused).toEqual([
      { row: 2, column: 'Line', reason: 'unknown line' },
      { row: 3, column: 'Fleet', reason: 'unknown fleet' },
      { row: 5, column: 'Vehicle name', reason: 'the same as row 4' },
    ]);
    const theirs = await workbook(HEADER, [['Imp bus 1', 'IMP-001', '869000000000101', '', '', '']]);
    expect(reportOf(await upload(adminB, theirs)).result.refused).toEqual([
      { row: 2, column: 'Device IMEI', reason: 'no such device' },
    ]);
  });

  it('leaves another company untouched and stops new vehicles at the authorised count', async () => {
    const file = await workbook(HEADER, [
      ['Imp bus 1', 'IMP-001', '', '', '', 'theirs'],
      ['Imp bus 2', 'IMP-002', '', '', '', 'theirs'],
    ]);
    await organisationDb(server.store.db)
      .updateTable('companies')
      .set({ authorised_vehicles: 1 })
      .where('id', '=', companyB)
      .execute();
    const capped = reportOf(await upload(adminB, file, true));
    expect(capped.code).toBe(ErrorCode.parameter);
    expect(capped.result.refused).toEqual([
      { row: 3, column: 'Vehicle name', reason: 'Equipment quantity limit exceeded' },
    ]);
    await organisationDb(server.store.db)
      .updateTable('companies')
      .set({ authorised_vehicles: 0 })
      .where('id', '=', companyB)
      .execute();
    expect(reportOf(await upload(adminB, file, true)).result).toMatchObject({ created: 2, written: true });
    expect(await imported(adminB)).toEqual(['Imp bus 1|IMP-001||||theirs', 'Imp bus 2|IMP-002||||theirs']);
    expect((await imported(admin)).every((r) => !r.endsWith('theirs'))).toBe(true);
  });

  it('imports its own export back as updates, and the template as nothing', async () => {
    const exported = await fetchFile(server, admin, '/basic/cars/export');
    expect(exported.status).toBe(200);
    const total = (await admin.get<ListResult<VehicleRecord>>('/basic/cars?page=1&limit=10')).result.total;
    expect(reportOf(await upload(admin, exported.bytes)).result).toEqual({
      rows: total,
      created: 0,
      updated: total,
      refused: [],
      written: false,
    });
    const template = await fetchFile(server, admin, '/basic/cars/import/template');
    expect(reportOf(await upload(admin, template.bytes)).result).toMatchObject({ rows: 0, refused: [] });
  });

  it('needs the import bit (1005), a workbook (1004), and answers 1009 beyond 5 MB', async () => {
    const file = await workbook(HEADER, [['Imp bus 11', 'IMP-011', '', '', '', '']]);
    expect(reportOf(await upload(viewer, file)).code).toBe(ErrorCode.permission);
    const notBook = reportOf(await upload(admin, Buffer.from('plate,name\n')));
    expect(notBook).toMatchObject({ code: ErrorCode.parameter, result: { field: 'file' } });
    const huge = await upload(admin, Buffer.alloc(IMPORT_MAX_BYTES + 1));
    expect(reportOf(huge).code).toBe(ErrorCode.tooMuchData);
    expect(await imported(admin)).not.toContainEqual(expect.stringContaining('Imp bus 11'));
  });
});
