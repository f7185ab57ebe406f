import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import { PASSWORD, startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { signedInUserWith } from '../../../test/helpers/users.ts';
import { download, envelopeOf } from '../../exports/table/testing/download.ts';
import { zipTexts } from '../../exports/table/testing/read-back.ts';
import { ErrorCode } from '../../kernel/errors.ts';
import '../demo-register.ts';
import { importGtfsFile } from '../import-feed.ts';
import { transitCounts as counts } from '../testing/transit-counts.ts';
import { stationTimes } from './write-feed.ts';

// GET /basic/routes/gtfs/export on the demo company (the MTA Staten Island lines), read back as a zip and imported
// into an empty company with the platform's own importer: the same lines, stations, bus stops and trips come back.
// Both engines.

describe.each(ENGINES)('GTFS export round trip on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = server.client();
    await admin.login('admin', PASSWORD);
    dir = mkdtempSync(join(tmpdir(), 'headway-gtfs-'));
  }, 120_000);
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await server?.close();
  });

  it('exports the demo company as a GTFS zip that imports into an empty company with the same counts', async () => {
    const file = await download(admin, () => server.clock.now(), 'GET', '/basic/routes/gtfs/export');
    expect(file.status).toBe(200);
    expect(file.contentType).toBe('application/zip');
    expect(file.disposition).toMatch(/^attachment; filename="gtfs-\d+-\d{8}\.zip"$/);
    const texts = await zipTexts(file.bytes);
    expect([...texts.keys()].sort()).toEqual([
      'agency.txt',
      'calendar.txt',
      'calendar_dates.txt',
      'routes.txt',
      'shapes.txt',
      'stop_times.txt',
      'stops.txt',
      'trips.txt',
    ]);
    expect(texts.get('agency.txt')).toContain('America/New_York');

    const path = join(dir, 'export.zip');
    writeFileSync(path, file.bytes);
    const before = await counts(server.store.db, server.demoCompanyId);
    expect(before.lines).toBe(8);
    const imported = await importGtfsFile(server.store.db, path, { companyName: `Round trip ${engine}` });
    expect(imported.createdCompany).toBe(true);
    const after = await counts(server.store.db, imported.companyId);
    expect(after).toEqual(before);

    // Importing the same feed again changes nothing.
    await importGtfsFile(server.store.db, path, { companyName: `Round trip ${engine}` });
    expect(await counts(server.store.db, imported.companyId)).toEqual(before);
  }, 180_000);

  it('needs the export bit of the line screen, BasicRoute (1005 without it)', async () => {
    const viewer = await signedInUserWith(server, admin, 'gtfs-viewer', { BasicRoute: PermissionBit.view });
    const refused = await download(viewer, () => server.clock.now(), 'GET', '/basic/routes/gtfs/export');
    expect(envelopeOf(refused).code).toBe(ErrorCode.permission);
    // The line map's export bit was the guard before; it is not the line screen's.
    const lineMap = await signedInUserWith(server, admin, 'gtfs-line-map', {
      MonitoringLineMap: PermissionBit.view | PermissionBit.export,
    });
    const alsoRefused = await download(lineMap, () => server.clock.now(), 'GET', '/basic/routes/gtfs/export');
    expect(envelopeOf(alsoRefused).code).toBe(ErrorCode.permission);
    const exporter = await signedInUserWith(server, admin, 'gtfs-exporter', {
      BasicRoute: PermissionBit.view | PermissionBit.export,
    });
    const file = await download(exporter, () => server.clock.now(), 'GET', '/basic/routes/gtfs/export');
    expect(file.status).toBe(200);
    expect(file.contentType).toBe('application/zip');
  }, 120_000);
});

describe('stop times of an exported trip', () => {
  it('follow the stations durations stretched to the trip span, never going back', () => {
    expect(stationTimes([0, 60, 180], 1000, 1360)).toEqual([1000, 1120, 1360]);
    expect(stationTimes([0, 0, 0], 1000, 1100)).toEqual([1000, 1050, 1100]);
    expect(stationTimes([30, 20, 90], 0, 60)).toEqual([0, 0, 60]);
  });
});
