import { PermissionBit, REGION_DEFAULT_RADIUS_M } from '@headway/spec';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient, Reply } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { signedInUserWith } from '../../test/helpers/users.ts';
import { sign } from '../auth/signature.ts';
import type { ListResult, RegionPointCheck, RegionRow, RegionShapeRow, RegionVisitRow } from '../contract/index.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { companyRegions, exportedRegions } from './queries.ts';
import { regionDb } from './schema.ts';

// /basic/region over real HTTP on both engines: CRUD for every type, the spec's input rules, tenant isolation,
// sharing between users of one company, the permission mask and the export.

const ALL = PermissionBit.view | PermissionBit.add | PermissionBit.edit | PermissionBit.delete | PermissionBit.export;

const SHAPES = [
  { region_type: 0, region_point: '13.75,100.5', stored: '13.75,100.5', center: '13.75,100.5' },
  {
    region_type: 1,
    region_point: '13.75,100.5',
    stored: `13.75,100.5,${REGION_DEFAULT_RADIUS_M}`,
    center: '13.75,100.5',
  },
  { region_type: 2, region_point: '13.8,100.6|13.7,100.4', stored: '13.7,100.4|13.8,100.6', center: '13.75,100.5' },
  { region_type: 3, region_point: '0,0|0,2|2,2|2,0|0,0', stored: '0,0|0,2|2,2|2,0', center: '1,1' },
  { region_type: 4, region_point: '10,100|12,102', stored: '10,100|12,102', center: '11,101' },
] as const;

describe.each(ENGINES)('regions API on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let adminB: HeadwayClient;
  let plannerOne: HeadwayClient;
  let plannerTwo: HeadwayClient;
  let viewer: HeadwayClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = server.client();
    await admin.login('admin', PASSWORD);
    await seedCompany(server.store, 'Other Lines', 'b-admin');
    adminB = server.client();
    await adminB.login('b-admin', PASSWORD);
    plannerOne = await signedInUserWith(server, admin, 'planner-one', { MonitoringMap: ALL });
    plannerTwo = await signedInUserWith(server, admin, 'planner-two', { MonitoringMap: ALL });
    viewer = await signedInUserWith(server, admin, 'map-viewer', { MonitoringMap: PermissionBit.view });
  });
  afterAll(() => server.close());

  function created(reply: Reply<RegionRow>): RegionRow {
    expect(reply.code, JSON.stringify(reply.result)).toBe(0);
    return reply.result;
  }

  async function list(client: HeadwayClient, data: Record<string, unknown> = {}) {
    const reply = await client.post<ListResult<RegionRow>>('/basic/region/list', { page: 1, limit: 100, data });
    expect(reply.code).toBe(0);
    return reply.result;
  }

  it.each(SHAPES)('creates, lists, updates and deletes a region of type $region_type', async (shape) => {
    const name = `Type ${shape.region_type} place`;
    const row = created(
      await admin.post<RegionRow>('/basic/region', {
        region_name: `  ${name}  `,
        region_type: shape.region_type,
        region_point: shape.region_point,
        use_type: 1,
        is_share: 1,
        remark: ' depot ',
        region_option: '{"width": 30}',
        icon: 'depot.png',
      }),
    );
    expect(row).toMatchObject({
      region_name: name,
      region_type: shape.region_type,
      use_type: 1,
      is_share: 1,
      region_point: shape.stored,
      center: shape.center,
      remark: 'depot',
      region_option: '{"width":30}',
      style: '{}',
      icon: 'depot.png',
      img_url: '',
      created_by: admin.user?.user_id,
      created_by_account: 'admin',
    });
    expect(row.center_lat).toBeCloseTo(Number(shape.center.split(',')[0]), 9);

    const listed = await list(admin, { region_type: shape.region_type });
    expect(listed.rows.map((r) => r.id)).toContain(row.id);
    expect(listed.rows.every((r) => r.region_type === shape.region_type)).toBe(true);
    const byQuery = await admin.get<ListResult<RegionRow>>(
      `/basic/region?region_type=${shape.region_type}&search=${encodeURIComponent(name.toUpperCase())}`,
    );
    expect(byQuery.result.rows.map((r) => r.id)).toEqual([row.id]);

    const updated = await admin.put<RegionRow>('/basic/region', {
      id: row.id,
      region_name: `${name} moved`,
      region_type: 1,
      region_point: '14,101,500',
    });
    expect(updated.code).toBe(0);
    expect(updated.result).toMatchObject({
      id: row.id,
      region_name: `${name} moved`,
      region_type: 1,
      region_point: '14,101,500',
      center: '14,101',
      is_share: 0,
      use_type: 0,
    });

    expect((await admin.delete(`/basic/region/${row.id}`)).code).toBe(0);
    expect((await list(admin)).rows.map((r) => r.id)).not.toContain(row.id);
    expect((await admin.delete(`/basic/region/${row.id}`)).code).toBe(ErrorCode.recordMissing);
  });

  it('refuses names, remarks, shapes and options the spec does not allow, naming the field', async () => {
    const base = { region_name: 'Bad one', region_type: 3, region_point: '0,0|0,1|1,1' };
    const refusals: [Record<string, unknown>, string][] = [
      [{ region_name: '   ' }, 'region_name'],
      [{ region_name: 'x'.repeat(129) }, 'region_name'],
      [{ remark: 'r'.repeat(256) }, 'remark'],
      [{ region_point: '' }, 'region_point'],
      [{ region_point: undefined }, 'region_point'],
      [{ region_type: 1, region_point: '   ' }, 'region_point'],
      [{ region_type: 0, region_point: '' }, 'region_point'],
      [{ region_point: '0,0|0,1' }, 'region_point'],
      [{ region_point: '0,0|0,1|Infinity,1' }, 'region_point'],
      [{ region_point: '0,0|0,1|91,1' }, 'region_point'],
      [{ region_point: '0,0|0,1|1,181' }, 'region_point'],
      [{ region_point: '0,0|0,1|abc,1' }, 'region_point'],
      [{ region_type: 1, region_point: '1,1,0' }, 'region_point'],
      [{ region_type: 4, region_point: '1,1' }, 'region_point'],
      [{ region_option: '[1]' }, 'region_option'],
      [{ region_option: '{nope' }, 'region_option'],
    ];
    for (const [change, field] of refusals) {
      const reply = await admin.post('/basic/region', { ...base, ...change });
      expect(reply.code, JSON.stringify(change)).toBe(ErrorCode.parameter);
      expect(reply.result, JSON.stringify(change)).toMatchObject({ field });
    }
    // Out of the schema's range: refused before the handler.
    expect((await admin.post('/basic/region', { ...base, region_type: 5 })).code).toBe(ErrorCode.parameter);
    expect((await admin.post('/basic/region', { ...base, use_type: 4 })).code).toBe(ErrorCode.parameter);
    // Exactly at the limits is fine; the name counts after trimming.
    const edge = created(
      await admin.post<RegionRow>('/basic/region', {
        ...base,
        region_name: ` ${'n'.repeat(128)} `,
        remark: 'r'.repeat(255),
      }),
    );
    expect(edge.region_name).toHaveLength(128);
    expect((await admin.delete(`/basic/region/${edge.id}`)).code).toBe(0);
  });

  it('refuses a second region of the same name in the company, and says so in the validator', async () => {
    const depot = created(
      await admin.post<RegionRow>('/basic/region', {
        region_name: 'North Depot',
        region_type: 0,
        region_point: '13.9,100.5',
      }),
    );
    const again = await plannerOne.post('/basic/region', {
      region_name: 'north depot ',
      region_type: 0,
      region_point: '13.9,100.6',
    });
    expect(again.code).toBe(ErrorCode.parameter);
    expect(again.result).toMatchObject({ field: 'region_name', rule: 'taken' });

    const taken = await admin.get(`/basic/region/validator?region_name=${encodeURIComponent('North depot')}`);
    expect(taken.code).toBe(ErrorCode.parameter);
    expect(taken.result).toMatchObject({ field: 'region_name', rule: 'taken' });
    expect((await admin.get(`/basic/region/validator?region_name=North%20Depot&id=${depot.id}`)).code).toBe(0);
    expect((await admin.get('/basic/region/validator?region_name=South%20Depot')).code).toBe(0);
    expect((await admin.get('/basic/region/validator?region_name=%20%20')).code).toBe(ErrorCode.parameter);
    // Another company may use the name.
    expect((await adminB.get('/basic/region/validator?region_name=North%20Depot')).code).toBe(0);
    await admin.delete(`/basic/region/${depot.id}`);
  });

  it('checks a region_point for a type at validator/code and answers its stored form', async () => {
    const good = await admin.get<RegionPointCheck>(
      `/basic/region/validator/code?region_type=2&region_point=${encodeURIComponent('2,2|0,0')}`,
    );
    expect(good.code).toBe(0);
    expect(good.result).toEqual({ region_point: '0,0|2,2', center: '1,1' });
    const bad = await admin.get(
      `/basic/region/validator/code?region_type=3&region_point=${encodeURIComponent('91,0')}`,
    );
    expect(bad.code).toBe(ErrorCode.parameter);
    expect(bad.result).toMatchObject({ field: 'region_point' });
  });

  it('keeps each company to its own regions', async () => {
    const ours = created(
      await admin.post<RegionRow>('/basic/region', {
        region_name: 'Our yard',
        region_type: 1,
        region_point: '13.7,100.5,300',
        is_share: 1,
      }),
    );
    expect((await list(adminB)).rows.map((r) => r.id)).not.toContain(ours.id);
    const update = await adminB.put('/basic/region', {
      id: ours.id,
      region_name: 'Taken over',
      region_type: 0,
      region_point: '1,1',
    });
    expect(update.code).toBe(ErrorCode.recordMissing);
    expect((await adminB.delete(`/basic/region/${ours.id}`)).code).toBe(ErrorCode.recordMissing);
    const still = await list(admin, { search: 'Our yard' });
    expect(still.rows).toEqual([expect.objectContaining({ id: ours.id, region_name: 'Our yard' })]);
    await admin.delete(`/basic/region/${ours.id}`);
  });

  it('shows a shared region to the whole company and a private one to its creator only', async () => {
    const privateOne = created(
      await plannerOne.post<RegionRow>('/basic/region', {
        region_name: 'My corridor',
        region_type: 4,
        region_point: '13.7,100.5|13.8,100.6',
      }),
    );
    const shared = created(
      await plannerOne.post<RegionRow>('/basic/region', {
        region_name: 'Charging hub',
        region_type: 2,
        region_point: '13.7,100.5|13.8,100.6',
        use_type: 2,
        is_share: 1,
      }),
    );
    const seenBy = async (client: HeadwayClient) => (await list(client)).rows.map((r) => r.id);
    expect(await seenBy(plannerOne)).toEqual(expect.arrayContaining([privateOne.id, shared.id]));
    expect(await seenBy(plannerTwo)).toContain(shared.id);
    expect(await seenBy(plannerTwo)).not.toContain(privateOne.id);
    expect(await seenBy(admin)).not.toContain(privateOne.id);

    // Another user's private region does not exist for them; a shared one they may edit and delete.
    const edit = { region_type: 4, region_point: '13.7,100.5|13.9,100.7' };
    expect((await plannerTwo.put('/basic/region', { id: privateOne.id, region_name: 'Mine now', ...edit })).code).toBe(
      ErrorCode.recordMissing,
    );
    expect((await plannerTwo.delete(`/basic/region/${privateOne.id}`)).code).toBe(ErrorCode.recordMissing);
    const sharedEdit = await plannerTwo.put<RegionRow>('/basic/region', {
      id: shared.id,
      region_name: 'Charging hub east',
      region_type: 2,
      region_point: '13.7,100.5|13.8,100.6',
      use_type: 2,
      is_share: 1,
    });
    expect(sharedEdit.code).toBe(0);
    expect(sharedEdit.result).toMatchObject({ region_name: 'Charging hub east', created_by_account: 'planner-one' });

    // The geofence engine sees every region of the company, private ones included.
    const engineView = await companyRegions(server.store.db, server.demoCompanyId);
    expect(engineView.map((r) => r.id)).toEqual(expect.arrayContaining([privateOne.id, shared.id]));
    expect(engineView.find((r) => r.id === shared.id)).toMatchObject({
      useType: 2,
      shape: {
        type: 2,
        points: [
          { lat: 13.7, lng: 100.5 },
          { lat: 13.8, lng: 100.6 },
        ],
      },
      option: {},
    });

    expect((await plannerTwo.delete(`/basic/region/${shared.id}`)).code).toBe(0);
    expect((await plannerOne.delete(`/basic/region/${privateOne.id}`)).code).toBe(0);
  });

  it('tells the geofence engine about every change, and nothing about refused ones', async () => {
    const announced: number[] = [];
    // The engine's module decorates the root app; the API's plugin reads it through the instance chain per call.
    server.app.announceRegionChange = (companyId) => announced.push(companyId);
    try {
      const row = created(
        await admin.post<RegionRow>('/basic/region', { region_name: 'Signal', region_type: 0, region_point: '1,1' }),
      );
      await admin.put('/basic/region', { id: row.id, region_name: 'Signal 2', region_type: 0, region_point: '1,2' });
      await admin.post('/basic/region', { region_name: 'Refused', region_type: 3, region_point: '' });
      await adminB.delete(`/basic/region/${row.id}`);
      await admin.delete(`/basic/region/${row.id}`);
      expect(announced).toEqual([server.demoCompanyId, server.demoCompanyId, server.demoCompanyId]);
    } finally {
      delete server.app.announceRegionChange;
    }
  });

  it('lets a view-only user read but not write', async () => {
    expect((await viewer.post('/basic/region/list', { page: 1, limit: 10, data: {} })).code).toBe(0);
    const body = { region_name: 'Viewer place', region_type: 0, region_point: '1,1' };
    expect((await viewer.post('/basic/region', body)).code).toBe(ErrorCode.permission);
    const mine = created(await admin.post<RegionRow>('/basic/region', { ...body, is_share: 1 }));
    expect((await viewer.put('/basic/region', { id: mine.id, ...body })).code).toBe(ErrorCode.permission);
    expect((await viewer.delete(`/basic/region/${mine.id}`)).code).toBe(ErrorCode.permission);
    expect((await viewer.get('/basic/region/export')).code).toBe(ErrorCode.permission);
    await admin.delete(`/basic/region/${mine.id}`);
  });

  it('lists the visits of a region newest first, an open one counting up, to those who see the region', async () => {
    const row = created(
      await admin.post<RegionRow>('/basic/region', {
        region_name: 'Visited depot',
        region_type: 1,
        region_point: '1,1,300',
      }),
    );
    // The server's clock: it counts an open visit's dwell up to its own now (a manual clock, set when the suite
    // started, which a loaded machine left seconds behind the wall clock).
    const now = Math.floor(server.clock.now() / 1000);
    await regionDb(server.store.db)
      .insertInto('region_visits')
      .values([
        {
          company_id: server.demoCompanyId,
          region_id: row.id,
          vehicle_id: null,
          terminal_phone: '013800000001',
          enter_time: now - 7200,
          exit_time: now - 6000,
          dwell_seconds: 1200,
        },
        {
          company_id: server.demoCompanyId,
          region_id: row.id,
          vehicle_id: null,
          terminal_phone: '013800000002',
          enter_time: now - 600,
          exit_time: null,
          dwell_seconds: null,
        },
      ])
      .execute();
    const reply = await admin.get<ListResult<RegionVisitRow>>(
      `/basic/region/visits?region_id=${row.id}&page=1&limit=10`,
    );
    expect(reply.code).toBe(0);
    expect(reply.result.total).toBe(2);
    const [open, closed] = reply.result.rows;
    expect(open).toMatchObject({ terminal_phone: '013800000002', exit_time: null, car_id: null, car_name: '' });
    expect(open?.dwell_seconds).toBeGreaterThanOrEqual(595);
    expect(open?.dwell_seconds).toBeLessThan(700);
    expect(closed).toMatchObject({ terminal_phone: '013800000001', dwell_seconds: 1200, exit_time: now - 6000 });
    // Another company's admin does not see the region, so not its visits either.
    expect((await adminB.get(`/basic/region/visits?region_id=${row.id}`)).code).toBe(ErrorCode.recordMissing);
    expect((await admin.get('/basic/region/visits?region_id=0')).code).toBe(ErrorCode.parameter);
    await admin.delete(`/basic/region/${row.id}`);
  });

  it('lets the track playback read regions but not keep them', async () => {
    const player = await signedInUserWith(server, admin, 'track-player', { MonitoringTrack: ALL });
    expect((await player.post('/basic/region/list', { page: 1, limit: 10, data: {} })).code).toBe(0);
    const shared = created(
      await admin.post<RegionRow>('/basic/region', {
        region_name: 'Drawn for all',
        region_type: 1,
        region_point: '2,2,150',
        is_share: 1,
      }),
    );
    const hidden = created(
      await admin.post<RegionRow>('/basic/region', {
        region_name: 'Drawn for me',
        region_type: 1,
        region_point: '2,3,150',
      }),
    );
    const shapes = await player.get<RegionShapeRow[]>('/basic/region/shapes');
    expect(shapes.code).toBe(0);
    expect(shapes.result.find((s) => s.id === shared.id)).toEqual({
      id: shared.id,
      region_name: 'Drawn for all',
      region_type: 1,
      use_type: 0,
      region_point: '2,2,150',
      region_option: shared.region_option,
      is_share: 1,
    });
    expect(shapes.result.some((s) => s.id === hidden.id)).toBe(false);
    expect((await admin.get<RegionShapeRow[]>('/basic/region/shapes')).result.some((s) => s.id === hidden.id)).toBe(
      true,
    );
    expect((await adminB.get<RegionShapeRow[]>('/basic/region/shapes')).result.some((s) => s.id === shared.id)).toBe(
      false,
    );
    await admin.delete(`/basic/region/${shared.id}`);
    await admin.delete(`/basic/region/${hidden.id}`);
    const body = { region_name: 'Player place', region_type: 0, region_point: '1,1' };
    expect((await player.post('/basic/region', body)).code).toBe(ErrorCode.permission);
  });

  it('exports the visible regions of the filter as an .xlsx', async () => {
    const names = ['Export depot', 'Export station'];
    const ids: number[] = [];
    for (const [i, name] of names.entries()) {
      const row = created(
        await admin.post<RegionRow>('/basic/region', {
          region_name: name,
          region_type: 1,
          region_point: `13.7${i},100.5,200`,
          use_type: i + 1,
          is_share: 1,
        }),
      );
      ids.push(row.id);
    }
    const hidden = created(
      await plannerOne.post<RegionRow>('/basic/region', {
        region_name: 'Export hidden',
        region_type: 0,
        region_point: '1,1',
      }),
    );

    const path = `${admin.base}/basic/region/export?region_type=1&search=export`;
    const timestamp = String(Math.floor(server.clock.now() / 1000));
    const response = await fetch(`${admin.baseUrl}${path}`, {
      headers: {
        'accept-language': 'en',
        token: admin.token,
        timestamp,
        signature: sign(admin.uuid, 'GET', path, timestamp, undefined),
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="regions-\d{8}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]?.slice(0, 3)).toEqual(['Name', 'Type', 'Use']);
    expect(rows.slice(1).map((r) => r.slice(0, 6))).toEqual([
      ['Export station', 'Circle', 'Charging or gas station', '13.71,100.5', 'Yes', '13.71,100.5,200'],
      ['Export depot', 'Circle', 'Parking (depot)', '13.7,100.5', 'Yes', '13.7,100.5,200'],
    ]);

    // The export reads in batches by id: a batch of one walks every row once, newest first.
    const walked: string[] = [];
    const adminView = { companyId: server.demoCompanyId, userId: admin.user?.user_id ?? 0 };
    for await (const row of exportedRegions(server.store.db, adminView, { search: 'export' }, 1)) {
      walked.push(row.region_name);
    }
    expect(walked).toEqual(['Export station', 'Export depot']);

    for (const id of ids) await admin.delete(`/basic/region/${id}`);
    await plannerOne.delete(`/basic/region/${hidden.id}`);
  });
});
