import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { signedInUserWith } from '../../../test/helpers/users.ts';
import type { GtfsChangeCounts, ListResult, RouteRow } from '../../contract/index.ts';
import { download } from '../../exports/table/testing/download.ts';
import { ErrorCode } from '../../kernel/errors.ts';
import '../demo-register.ts';
import { tinyFeed } from '../testing/tiny-feed.ts';
import { transitCounts } from '../testing/transit-counts.ts';
import { zipBytes } from '../testing/zip-writer.ts';
import { GTFS_IMPORT_MAX_BYTES } from './routes.ts';
import { finishedJob, uploadFeed } from './testing.ts';

// POST /basic/routes/gtfs/import and GET /basic/routes/gtfs/import/{job_id} over real HTTP on both engines: a job
// per upload, its report, re-import unchanged, a bad row refused by file and line with nothing written, the
// company's own jobs only, the BasicRoute import bit, bad and oversized bodies, and the demo company's GTFS export
// imported into a new company through the API with the same counts.

const zero: GtfsChangeCounts = { lines: 0, stations: 0, stops: 0, trips: 0, services: 0 };

async function lineCodes(client: HeadwayClient): Promise<string[]> {
  const reply = await client.get<ListResult<RouteRow>>('/basic/routes?page=1&limit=100');
  expect(reply.code).toBe(0);
  return reply.result.rows.map((r) => r.route_code).sort();
}

describe.each(ENGINES)('GTFS import from the console on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let tenant: HeadwayClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = server.client();
    await admin.login('admin', PASSWORD);
    await seedCompany(server.store, `Tiny ${engine}`, 'tiny-admin');
    tenant = server.client();
    expect((await tenant.login('tiny-admin', PASSWORD)).code).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('imports a feed as a job with its progress and report; the same feed again changes nothing', async () => {
    const started = await uploadFeed(tenant, zipBytes(tinyFeed()));
    expect(started.code).toBe(0);
    const { job, seen } = await finishedJob(tenant, started.result.job_id);
    expect(job.state).toBe('done');
    expect(job.progress).toBe(100);
    expect(job.stage).toBe('finished');
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(job.report).toEqual({
      created: { lines: 1, stations: 6, stops: 3, trips: 4, services: 1 },
      updated: zero,
      unchanged: zero,
      removed: zero,
      refused: [],
      refused_total: 0,
    });
    expect(await lineCodes(tenant)).toEqual(['T1']);

    const again = await uploadFeed(tenant, zipBytes(tinyFeed()));
    const second = (await finishedJob(tenant, again.result.job_id)).job;
    expect(second.state).toBe('done');
    expect(second.report).toMatchObject({
      created: zero,
      updated: zero,
      removed: zero,
      unchanged: { lines: 1, stations: 6, stops: 3, trips: 4, services: 1 },
    });
  }, 60_000);

  it('refuses a feed with a bad row by file and line, and writes nothing', async () => {
    const feed = tinyFeed();
    feed['stops.txt'] = feed['stops.txt']!.replace(
      'S2,Second Street,31.000000,121.005000',
      'S2,Second Street,91.5,abc',
    );
    feed['routes.txt'] += 'R2,A,T2,Second line,3,00FF00\n';
    const started = await uploadFeed(tenant, zipBytes(feed));
    const { job } = await finishedJob(tenant, started.result.job_id);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/problem/);
    expect(job.report?.refused).toContainEqual({
      file: 'stops.txt',
      line: 3,
      reason: 'bad coordinates "91.5","abc" for stop "S2"',
    });
    expect(job.report?.refused_total).toBe(job.report?.refused.length);
    expect(job.report?.created).toEqual(zero);
    expect(await lineCodes(tenant)).toEqual(['T1']);
  });

  it("answers another company's job as unknown (1008)", async () => {
    const started = await uploadFeed(tenant, zipBytes(tinyFeed()));
    await finishedJob(tenant, started.result.job_id);
    const peek = await admin.get(`/basic/routes/gtfs/import/${started.result.job_id}`);
    expect(peek.code).toBe(ErrorCode.recordMissing);
    expect((await tenant.get('/basic/routes/gtfs/import/no-such-job')).code).toBe(ErrorCode.recordMissing);
  });

  it('needs the import bit of the line screen (1005)', async () => {
    const viewer = await signedInUserWith(server, admin, `gtfs-import-viewer-${engine}`, {
      BasicRoute: PermissionBit.view | PermissionBit.export,
    });
    expect((await uploadFeed(viewer, zipBytes(tinyFeed()))).code).toBe(ErrorCode.permission);
    expect((await viewer.get('/basic/routes/gtfs/import/any')).code).toBe(ErrorCode.permission);
  });

  it('refuses a body that is not a zip (1004) and one over the limit (1009)', async () => {
    const text = await uploadFeed(tenant, new TextEncoder().encode('stop_id,stop_name\nS1,First\n'));
    expect(text.code).toBe(ErrorCode.parameter);
    expect(text.result).toMatchObject({ field: 'file', reason: 'not a zip file' });
    const empty = await tenant.post('/basic/routes/gtfs/import', undefined, {
      headers: { 'content-type': 'application/zip' },
    });
    expect(empty.code).toBe(ErrorCode.parameter);
    const huge = await uploadFeed(tenant, new Uint8Array(GTFS_IMPORT_MAX_BYTES + 1));
    expect(huge.status).toBe(413);
    expect(huge.code).toBe(ErrorCode.tooMuchData);
  });

  it('round trip: the demo company exported and imported into a new company through the API gives the same counts', async () => {
    const exported = await download(admin, () => server.clock.now(), 'GET', '/basic/routes/gtfs/export');
    expect(exported.status).toBe(200);
    const copyCompany = await seedCompany(server.store, `Round trip ${engine}`, 'round-admin');
    const round = server.client();
    expect((await round.login('round-admin', PASSWORD)).code).toBe(0);

    const started = await uploadFeed(round, exported.bytes);
    expect(started.code).toBe(0);
    // One running import per company: a second upload while the first runs is refused with the running job's id.
    const second = await uploadFeed(round, exported.bytes);
    expect(second.code).toBe(ErrorCode.parameter);
    expect(second.result).toMatchObject({ reason: 'an import is already running for this company' });
    const { job, seen } = await finishedJob(round, started.result.job_id);
    expect(job.state).toBe('done');
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);

    const before = await transitCounts(server.store.db, server.demoCompanyId);
    expect(before.lines).toBe(8);
    expect(await transitCounts(server.store.db, copyCompany.companyId)).toEqual(before);
    expect(await lineCodes(round)).toEqual(await lineCodes(admin));
    expect(job.report?.created).toEqual({
      lines: before.lines,
      stations: before.stations,
      stops: before.busStops,
      trips: before.trips,
      services: before.services,
    });
  }, 180_000);
});
