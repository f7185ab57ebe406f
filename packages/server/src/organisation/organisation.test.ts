import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient, Reply } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { signedInUserWith } from '../../test/helpers/users.ts';
import type { CompanyRow, FleetRow, ListResult, OrganisationNode, OrganisationRow } from '../contract/index.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { seedMapFixture } from '../vehicles/testing/fixtures.ts';
import { readExport, signedInSystemAdmin } from './testing.ts';

// /basic/organisations, /basic/fleets and /basic/companies over real HTTP on both engines: CRUD, the spec's field
// rules (1004 naming field and rule), duplicates (1106 "{0} [{1}] already exists"), the permission bits (1005),
// tenant isolation (1008), deletes refused while bound, and the xlsx exports.

const ALL = PermissionBit.view | PermissionBit.add | PermissionBit.edit | PermissionBit.delete | PermissionBit.export;

describe.each(ENGINES)('organisation, fleets and companies on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let adminB: HeadwayClient;
  let viewer: HeadwayClient;
  let system: HeadwayClient;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = server.client();
    await admin.login('admin', PASSWORD);
    await seedMapFixture(server.store.db, server.demoCompanyId, [
      { carName: 'Bus 101', imei: '860000000101', terminalPhone: '013800000101', fleet: 'North Depot', line: 'S40' },
      { carName: 'Bus 102', imei: '860000000102', terminalPhone: '013800000102', fleet: 'North Depot', line: 'S40' },
    ]);
    await seedCompany(server.store, 'Other Lines', 'b-admin');
    adminB = server.client();
    await adminB.login('b-admin', PASSWORD);
    viewer = await signedInUserWith(server, admin, 'org-viewer', {
      BasicOrganisation: PermissionBit.view,
      BasicFleet: PermissionBit.view,
      BasicCompany: PermissionBit.view,
    });
    system = await signedInSystemAdmin(server, 'platform');
  }, 120_000);
  afterAll(() => server.close());

  function result<T>(reply: Reply<T>): T {
    expect(reply.code, JSON.stringify(reply.result)).toBe(0);
    return reply.result;
  }

  describe('organisations', () => {
    it('builds a tree, refuses cycles, duplicates and deleting a parent', async () => {
      const root = result(
        await admin.post<OrganisationRow>('/basic/organisations', {
          organ_name: '  Operations  ',
          organ_code: 'OPS',
          leader: 'Ana',
          phone: '+1 718 555 0100',
        }),
      );
      expect(root).toMatchObject({ organ_name: 'Operations', parent_id: null, organ_code: 'OPS', employee_count: 0 });
      const depot = result(
        await admin.post<OrganisationRow>('/basic/organisations', { organ_name: 'Yukon Depot', parent_id: root.id }),
      );
      expect(depot).toMatchObject({ parent_id: root.id, parent_name: 'Operations' });

      const tree = result(await admin.get<OrganisationNode[]>('/basic/organisations/tree'));
      const ops = tree.find((n) => n.id === root.id);
      expect(ops?.children.map((c) => c.organ_name)).toEqual(['Yukon Depot']);

      const cycle = await admin.put('/basic/organisations', {
        id: root.id,
        organ_name: 'Operations',
        parent_id: depot.id,
      });
      expect(cycle).toMatchObject({ code: ErrorCode.parameter, result: { field: 'parent_id', rule: 'order' } });

      const dup = await admin.post('/basic/organisations', { organ_name: 'operations' });
      expect(dup).toMatchObject({
        code: ErrorCode.accountRegistered,
        result: { field: 'organ_name', value: 'operations', rule: 'taken' },
      });
      const validator = await admin.get(`/basic/organisations/validator?organ_name=OPERATIONS`);
      expect(validator.code).toBe(ErrorCode.accountRegistered);
      expect((await admin.get(`/basic/organisations/validator?organ_name=Operations&id=${root.id}`)).code).toBe(0);

      const refused = await admin.delete(`/basic/organisations/${root.id}`);
      expect(refused).toMatchObject({
        code: ErrorCode.parameter,
        result: { field: 'id', rule: 'bound', organisations: 1, fleets: 0, employees: 0 },
      });
      expect((await admin.delete(`/basic/organisations/${depot.id}`)).code).toBe(0);
      expect((await admin.delete(`/basic/organisations/${root.id}`)).code).toBe(0);
    });

    it('checks names, phones and remarks by the spec rules', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ organ_name: 'ab' }, 'organ_name', 'length'],
        [{ organ_name: '   ' }, 'organ_name', 'required'],
        [{ organ_name: 'x'.repeat(65) }, 'organ_name', 'length'],
        [{ organ_name: 'Workshop', phone: 'call me' }, 'phone', 'format'],
        [{ organ_name: 'Workshop', remark: 'r'.repeat(256) }, 'remark', 'tooLong'],
        [{ organ_name: 'Workshop', parent_id: 999_999 }, 'parent_id', 'unknown'],
      ];
      for (const [body, field, rule] of cases) {
        const reply = await admin.post('/basic/organisations', body);
        expect(reply, JSON.stringify(body)).toMatchObject({ code: ErrorCode.parameter, result: { field, rule } });
      }
      const schema = await admin.post('/basic/organisations', { organ_name: 42 });
      expect(schema.code).toBe(ErrorCode.parameter);
    });
  });

  describe('fleets', () => {
    it('creates, lists with filters, updates, exports and deletes a fleet', async () => {
      const fleet = result(
        await admin.post<FleetRow>('/basic/fleets', {
          fleet_name: 'Night Owls',
          category: 5,
          leader: 'Sam',
          phone: '718-555-0199',
          remark: ' late buses ',
        }),
      );
      expect(fleet).toMatchObject({ fleet_name: 'Night Owls', category: 5, remark: 'late buses', vehicle_count: 0 });
      const listed = result(await admin.get<ListResult<FleetRow>>('/basic/fleets?search=night&category=5&limit=10'));
      expect(listed.rows.map((r) => r.id)).toEqual([fleet.id]);
      expect(listed.total).toBe(1);

      const updated = result(
        await admin.put<FleetRow>('/basic/fleets', { id: fleet.id, fleet_name: 'Night Owl Fleet', category: 100 }),
      );
      expect(updated).toMatchObject({ fleet_name: 'Night Owl Fleet', category: 100, leader: '' });

      const sheet = await readExport(server, admin, '/basic/fleets/export?search=owl');
      expect(sheet[0]?.slice(0, 3)).toEqual(['Fleet', 'Category', 'Organisation']);
      expect(sheet[1]?.slice(0, 2)).toEqual(['Night Owl Fleet', 'Maintenance']);

      expect((await admin.delete(`/basic/fleets/${fleet.id}`)).code).toBe(0);
      expect((await admin.delete(`/basic/fleets/${fleet.id}`)).code).toBe(ErrorCode.recordMissing);
    });

    it('refuses deleting a fleet bound by vehicles, saying by how many', async () => {
      const demo = result(await admin.get<ListResult<FleetRow>>('/basic/fleets?limit=100'));
      const used = demo.rows.find((r) => r.vehicle_count > 0);
      expect(used).toBeDefined();
      const refused = await admin.delete(`/basic/fleets/${used?.id}`);
      expect(refused).toMatchObject({
        code: ErrorCode.parameter,
        result: { field: 'id', rule: 'bound', vehicles: used?.vehicle_count },
      });
    });

    it('refuses duplicates, unknown categories and bad input', async () => {
      const demo = result(await admin.get<ListResult<FleetRow>>('/basic/fleets?limit=10'));
      const name = demo.rows[0]?.fleet_name ?? '';
      expect(await admin.post('/basic/fleets', { fleet_name: name, category: 0 })).toMatchObject({
        code: ErrorCode.accountRegistered,
        result: { field: 'fleet_name', value: name },
      });
      expect(await admin.post('/basic/fleets', { fleet_name: 'Odd fleet', category: 7 })).toMatchObject({
        code: ErrorCode.parameter,
        result: { field: 'category', rule: 'unknown' },
      });
      expect((await admin.get('/basic/fleets?limit=7')).code).toBe(ErrorCode.parameter);
      expect((await admin.post('/basic/fleets', { category: 0 })).code).toBe(ErrorCode.parameter);
      // Another company may use the same name: names are unique per company.
      expect((await adminB.post('/basic/fleets', { fleet_name: name, category: 0 })).code).toBe(0);
    });

    it('keeps each company to its own fleets', async () => {
      const other = result(await adminB.post<FleetRow>('/basic/fleets', { fleet_name: 'B only', category: 1 }));
      const mine = result(await admin.get<ListResult<FleetRow>>('/basic/fleets?limit=200'));
      expect(mine.rows.some((r) => r.id === other.id)).toBe(false);
      expect((await admin.put('/basic/fleets', { id: other.id, fleet_name: 'Taken over', category: 1 })).code).toBe(
        ErrorCode.recordMissing,
      );
      expect((await admin.delete(`/basic/fleets/${other.id}`)).code).toBe(ErrorCode.recordMissing);
      // An organisation of another company is "unknown", as a missing one.
      const organB = result(await adminB.post<OrganisationRow>('/basic/organisations', { organ_name: 'B depot' }));
      expect(
        await admin.post('/basic/fleets', { fleet_name: 'Sneaky', category: 0, organ_id: organB.id }),
      ).toMatchObject({
        code: ErrorCode.parameter,
        result: { field: 'organ_id', rule: 'unknown' },
      });
    });

    it('enforces the screen bits', async () => {
      expect((await viewer.get('/basic/fleets')).code).toBe(0);
      expect((await viewer.post('/basic/fleets', { fleet_name: 'Viewer fleet', category: 0 })).code).toBe(
        ErrorCode.permission,
      );
      expect((await viewer.get('/basic/fleets/export')).code).toBe(ErrorCode.permission);
      expect((await viewer.delete('/basic/fleets/1')).code).toBe(ErrorCode.permission);
      expect((await viewer.post('/basic/organisations', { organ_name: 'Viewer org' })).code).toBe(ErrorCode.permission);
      const planner = await signedInUserWith(server, admin, 'fleet-planner', { BasicFleet: ALL });
      expect((await planner.get('/basic/organisations')).code).toBe(ErrorCode.permission);
      // …but the fleet form's organisation picker reads the tree with the fleet screen's view bit.
      expect((await planner.get('/basic/organisations/tree')).code).toBe(0);
    });
  });

  describe('companies', () => {
    it('shows a company administrator their own company only, and lets them edit it but not the terms', async () => {
      const mine = result(await admin.get<ListResult<CompanyRow>>('/basic/companies'));
      expect(mine.rows.map((r) => r.id)).toEqual([server.demoCompanyId]);
      const own = mine.rows[0] as CompanyRow;
      expect(own.vehicle_count).toBeGreaterThan(0);
      const edited = result(
        await admin.put<CompanyRow>('/basic/companies', {
          id: own.id,
          name: own.name,
          contact: 'Dispatch office',
          phone: '+1 718 555 0000',
          peaks: '07:00-09:00, 16:30-18:30',
          archive_days: 365,
        }),
      );
      expect(edited).toMatchObject({ contact: 'Dispatch office', peaks: '07:00-09:00,16:30-18:30', archive_days: 365 });
      expect(
        await admin.put('/basic/companies', { id: own.id, name: own.name, authorised_vehicles: 9999 }),
      ).toMatchObject({ code: ErrorCode.permission, result: { field: 'authorised_vehicles' } });
      expect(await admin.put('/basic/companies', { id: own.id, name: own.name, peaks: '09:00-07:00' })).toMatchObject({
        code: ErrorCode.parameter,
        result: { field: 'peaks', rule: 'format' },
      });
      expect(await admin.put('/basic/companies', { id: own.id, name: own.name, archive_days: 3 })).toMatchObject({
        code: ErrorCode.parameter,
        result: { field: 'archive_days', rule: 'number' },
      });
      const others = result(await adminB.get<ListResult<CompanyRow>>('/basic/companies'));
      const otherId = others.rows[0]?.id;
      expect((await admin.put('/basic/companies', { id: otherId, name: 'Mine now' })).code).toBe(
        ErrorCode.recordMissing,
      );
      expect((await admin.post('/basic/companies', { name: 'Second company' })).code).toBe(ErrorCode.permission);
      expect((await admin.delete(`/basic/companies/${otherId}`)).code).toBe(ErrorCode.permission);
      expect((await viewer.put('/basic/companies', { id: own.id, name: own.name })).code).toBe(ErrorCode.permission);
    });

    it('lets a system administrator add a company with its administrator, and delete it', async () => {
      const all = result(await system.get<ListResult<CompanyRow>>('/basic/companies?limit=100'));
      expect(all.total).toBeGreaterThanOrEqual(2);
      expect((await system.get('/basic/companies/validator?name=demo%20transit')).code).toBe(
        ErrorCode.accountRegistered,
      );
      const created = result(
        await system.post<CompanyRow>('/basic/companies', {
          name: 'Harbour Buses',
          sales_level: 2,
          authorised_vehicles: 50,
          admin_account: 'harbour-admin',
          admin_password: 'e10adc3949ba59abbe56e057f20f883e',
        }),
      );
      expect(created).toMatchObject({ name: 'Harbour Buses', title: 'Harbour Buses', sales_level: 2, user_count: 1 });
      expect(
        await system.post('/basic/companies', {
          name: 'Harbour Ferries',
          admin_account: 'harbour-admin',
          admin_password: 'e10adc3949ba59abbe56e057f20f883e',
        }),
      ).toMatchObject({ code: ErrorCode.accountRegistered, result: { field: 'admin_account' } });
      expect(await system.post('/basic/companies', { name: 'Half made', admin_account: 'half' })).toMatchObject({
        code: ErrorCode.parameter,
        result: { field: 'admin_password', rule: 'required' },
      });
      expect(await system.post('/basic/companies', { name: 'harbour buses' })).toMatchObject({
        code: ErrorCode.accountRegistered,
        result: { field: 'name' },
      });

      const sheet = await readExport(server, system, '/basic/companies/export?search=harbour');
      expect(sheet[1]?.[0]).toBe('Harbour Buses');

      expect(await system.delete(`/basic/companies/${server.demoCompanyId}`)).toMatchObject({
        code: ErrorCode.parameter,
        result: { rule: 'self' },
      });
      expect((await system.delete(`/basic/companies/${created.id}`)).code).toBe(0);
      expect((await system.get<ListResult<CompanyRow>>('/basic/companies?search=harbour')).result.total).toBe(0);
    });
  });
});
