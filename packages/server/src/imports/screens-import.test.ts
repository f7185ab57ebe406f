import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { fetchFile, reportOf, uploader, workbook } from './testing.ts';

// Devices, staff and bus stops from xlsx over real HTTP on both engines (vehicles: fleet/vehicle-import.test.ts):
// each screen's export imports back as updates with nothing refused, a bad row is refused by row and column with
// nothing written, the good rows are written, a second import updates, another company's rows are untouched.

describe.each(ENGINES)('device, staff and bus stop imports on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let adminB: HeadwayClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = server.client();
    await admin.login('admin', PASSWORD);
    await seedCompany(server.store, 'Other Stops', 'simp-b-admin');
    adminB = server.client();
    await adminB.login('simp-b-admin', PASSWORD);
  }, 120_000);
  afterAll(async () => server?.close());

  const screens = [
    {
      name: 'devices',
      path: '/basic/devices',
      header: ['IMEI', 'Terminal phone', 'Protocol edition', 'Remark'],
      good: [
        ['869100000000001', '013869100001', '2019', 'a'],
        ['869100000000002', '013869100002', '', 'b'],
      ],
      bad: ['869100000000003', '0138-bad', '', ''],
      refused: { column: 'Terminal phone', reason: 'format' },
      changed: ['869100000000001', '013869100001', '2019', 'changed'],
    },
    {
      name: 'staff',
      path: '/basic/employees',
      header: ['Employee no.', 'Name', 'Type', 'Entry', 'Remark'],
      good: [
        ['SI-001', 'Imp Conductor', 'Conductor', '2025-03-01', 'a'],
        ['SI-002', 'Imp Mechanic', '机务人员', '', 'b'],
      ],
      bad: ['SI-003', 'Imp Pilot', 'Pilot', '', ''],
      refused: { column: 'Type', reason: 'unknown type' },
      changed: ['SI-001', 'Imp Conductor', 'Conductor', '2025-03-01', 'changed'],
    },
    {
      name: 'bus stops',
      path: '/basic/busstops',
      header: ['Stop code', 'Stop name', 'Latitude', 'Longitude', 'Address'],
      good: [
        ['SIMP1', 'Imp stop one', 13.75, 100.5, 'a'],
        ['SIMP2', 'Imp stop two', 13.76, 100.51, 'b'],
      ],
      bad: ['SIMP3', 'Imp stop three', 'north', 100.52, ''],
      refused: { column: 'Latitude', reason: 'not a number' },
      changed: ['SIMP1', 'Imp stop one', 13.75, 100.5, 'changed'],
    },
  ] as const;

  it.each(screens)(
    '$name: the export imports back, a bad row refuses the file, then good rows and updates',
    async (s) => {
      const upload = uploader(server, `${s.path}/import`);
      const exported = await fetchFile(server, admin, `${s.path}/export`);
      expect(exported.status).toBe(200);
      const back = reportOf(await upload(admin, exported.bytes));
      expect(back.code).toBe(0);
      expect(back.result).toMatchObject({ created: 0, refused: [] });
      const before = back.result.updated;

      const bad = await workbook([...s.header], [...s.good.map((r) => [...r]), [...s.bad]]);
      const refused = reportOf(await upload(admin, bad, true));
      expect(refused.code).toBe(1004);
      expect(refused.result.refused).toEqual([{ row: 4, ...s.refused }]);

      const good = await workbook(
        [...s.header],
        s.good.map((r) => [...r]),
      );
      expect(reportOf(await upload(admin, good, true)).result).toMatchObject({ created: 2, updated: 0, written: true });
      const again = await workbook([...s.header], [[...s.changed]]);
      expect(reportOf(await upload(admin, again, true)).result).toMatchObject({
        created: 0,
        updated: 1,
        written: true,
      });
      const after = reportOf(await upload(admin, (await fetchFile(server, admin, `${s.path}/export`)).bytes));
      expect(after.result).toMatchObject({ created: 0, updated: before + 2, refused: [] });
      const remarks = (await fetchFile(server, admin, `${s.path}/export`)).bytes;
      expect(remarks.length).toBeGreaterThan(0);

      // Another company: its own rows (devices: a terminal is one physical device, so theirs is refused as taken).
      const theirs = reportOf(await upload(adminB, good));
      if (s.name === 'devices')
        expect(theirs.result.refused.map((r) => r.column)).toEqual(['Terminal phone', 'Terminal phone']);
      else expect(theirs.result).toMatchObject({ created: 2, updated: 0, refused: [] });
    },
  );
});
