import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient, Reply } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { signedInUserWith } from '../../test/helpers/users.ts';
import type {
  DisplayInfoRow,
  EmployeeRow,
  FleetRow,
  IcCardRow,
  ListResult,
  MaxEmployeeNumber,
  OptionRow,
} from '../contract/index.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { seedMapFixture } from '../vehicles/testing/fixtures.ts';
import { organisationDb } from './schema.ts';
import { readExport } from './testing.ts';

// /basic/employees, /basic/ic-cards and /basic/display-info over real HTTP on both engines: CRUD, the staff rules
// (driver licence, states, masked sensitive numbers), duplicates (1106), permissions (1005), tenant isolation
// (1008), bad input (1004) and the exports.

const DRIVER = {
  emp_id: 'D9001',
  emp_name: 'Maria Lopez',
  nick_name: 'Mari',
  emp_type: 1,
  phone: '+1 718 555 0142',
  birthday: '1988-04-12',
  sex: 2,
  id_number: '110101198804121234',
  licence_no: 'NY12345678',
  licence_class: 'b1',
  licence_expiry: '2030-04-12',
  certificate_no: 'QC778899',
  ic_card: '1099000001',
  entry_time: 1_600_000_000,
};

describe.each(ENGINES)('staff, IC cards and display info on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let adminB: HeadwayClient;
  let viewer: HeadwayClient;
  let lineId: number;
  let fleetId: number;

  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = server.client();
    await admin.login('admin', PASSWORD);
    const { lineIds } = await seedMapFixture(server.store.db, server.demoCompanyId, [
      { carName: 'Bus 201', imei: '860000000201', terminalPhone: '013800000201', fleet: 'South Depot', line: 'S44' },
    ]);
    lineId = lineIds.get('S44') ?? 0;
    await seedCompany(server.store, 'Other Lines', 'b-admin');
    adminB = server.client();
    await adminB.login('b-admin', PASSWORD);
    viewer = await signedInUserWith(server, admin, 'staff-viewer', {
      BasicEmployee: PermissionBit.view,
      BasicIcCard: PermissionBit.view,
      BasicDisplayInfo: PermissionBit.view,
    });
    const fleets = (await admin.get<ListResult<FleetRow>>('/basic/fleets?search=south')).result;
    fleetId = fleets.rows[0]?.id ?? 0;
  }, 120_000);
  afterAll(() => server.close());

  function result<T>(reply: Reply<T>): T {
    expect(reply.code, JSON.stringify(reply.result)).toBe(0);
    return reply.result;
  }

  describe('employees', () => {
    it('creates a driver with licence data, answers sensitive numbers masked and keeps them on a masked save', async () => {
      const placed = { ...DRIVER, fleet_id: fleetId, route_id: lineId };
      const driver = result(await admin.post<EmployeeRow>('/basic/employees', placed));
      expect(driver).toMatchObject({
        emp_id: 'D9001',
        emp_name: 'Maria Lopez',
        emp_type: 1,
        fleet_name: 'South Depot',
        route_name: 'Line S44',
        licence_class: 'B1',
        id_number: '1101****1234',
        licence_no: 'NY12****5678',
        certificate_no: 'QC7****899',
        state: 0,
        quit_time: null,
      });
      // The edit form sends back what it was shown: the stored numbers stay.
      const saved = result(
        await admin.put<EmployeeRow>('/basic/employees', {
          ...placed,
          id: driver.id,
          id_number: driver.id_number,
          licence_no: driver.licence_no,
          certificate_no: driver.certificate_no,
          state: 10,
        }),
      );
      expect(saved).toMatchObject({ state: 10, id_number: '1101****1234' });
      const stored = await organisationDb(server.store.db)
        .selectFrom('employees')
        .select(['id_number', 'licence_no'])
        .where('id', '=', driver.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ id_number: '110101198804121234', licence_no: 'NY12345678' });

      // Quitting stamps the quit time (the server's clock when none is given).
      const quit = result(await admin.put<EmployeeRow>('/basic/employees', { ...placed, id: driver.id, state: 100 }));
      expect(quit.quit_time).toBe(Math.floor(server.clock.now() / 1000));
      expect(await admin.put('/basic/employees', { ...placed, id: driver.id, state: 100, quit_time: 1 })).toMatchObject(
        {
          code: ErrorCode.parameter,
          result: { field: 'quit_time', rule: 'order' },
        },
      );

      const listed = result(
        await admin.get<ListResult<EmployeeRow>>(
          `/basic/employees?search=lopez&state=100&emp_type=1&fleet_id=${fleetId}`,
        ),
      );
      expect(listed.rows.map((r) => r.id)).toEqual([driver.id]);

      const sheet = await readExport(server, admin, '/basic/employees/export?search=D9001');
      expect(sheet[0]?.slice(0, 4)).toEqual(['Employee no.', 'Name', 'Nickname', 'Type']);
      expect(sheet[1]?.slice(0, 4)).toEqual(['D9001', 'Maria Lopez', 'Mari', 'Driver']);
      expect(sheet[1]).toContain('1101****1234');
      expect(sheet[1]?.join('|')).not.toContain('110101198804121234');

      // The fleet is now bound by staff too.
      expect(await admin.delete(`/basic/fleets/${fleetId}`)).toMatchObject({
        code: ErrorCode.parameter,
        result: { rule: 'bound', employees: 1, vehicles: 1, lines: 0 },
      });
      expect((await admin.delete(`/basic/employees/${driver.id}`)).code).toBe(0);
      expect((await admin.get<ListResult<EmployeeRow>>('/basic/employees?search=D9001')).result.total).toBe(0);
    });

    it('refuses duplicate numbers and cards (1106), through the validator too', async () => {
      const first = result(
        await admin.post<EmployeeRow>('/basic/employees', {
          ...DRIVER,
          emp_id: 'C9100',
          ic_card: '2099000001',
          emp_type: 2,
        }),
      );
      expect(
        await admin.post('/basic/employees', { ...DRIVER, emp_id: 'c9100', emp_type: 2, ic_card: '' }),
      ).toMatchObject({
        code: ErrorCode.accountRegistered,
        result: { field: 'emp_id', value: 'c9100', rule: 'taken' },
      });
      expect(
        await admin.post('/basic/employees', { ...DRIVER, emp_id: 'C9101', emp_type: 2, ic_card: '2099000001' }),
      ).toMatchObject({
        code: ErrorCode.accountRegistered,
        result: { field: 'ic_card', value: '2099000001' },
      });
      expect((await admin.get('/basic/employees/validator?emp_id=C9100')).code).toBe(ErrorCode.accountRegistered);
      expect((await admin.get(`/basic/employees/validator?emp_id=C9100&id=${first.id}`)).code).toBe(0);
      expect((await admin.get('/basic/employees/validator?ic_card=2099000001')).code).toBe(ErrorCode.accountRegistered);
      expect((await admin.get('/basic/employees/validator')).code).toBe(ErrorCode.parameter);
      // The same number in another company is that company's business.
      expect((await adminB.post('/basic/employees', { ...DRIVER, emp_id: 'C9100', emp_type: 2 })).code).toBe(0);

      const max = result(await admin.get<MaxEmployeeNumber>('/basic/employees/get-max-empid'));
      expect(max).toEqual({ max_emp_id: 'C9100', next_emp_id: 'C9101' });
      const options = result(await admin.get<OptionRow[]>('/basic/employees/options?search=c91'));
      expect(options).toEqual([{ id: first.id, label: 'C9100 Maria Lopez' }]);
    });

    it('applies the field rules with 1004 naming field and rule', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ emp_id: '' }, 'emp_id', 'required'],
        [{ emp_id: 'D 1' }, 'emp_id', 'format'],
        [{ emp_name: 'Al' }, 'emp_name', 'length'],
        [{ phone: '555-CALL' }, 'phone', 'format'],
        [{ birthday: '1988-02-30' }, 'birthday', 'format'],
        [{ emp_type: 7 }, 'emp_type', 'unknown'],
        [{ state: 5 }, 'state', 'unknown'],
        [{ licence_no: '' }, 'licence_no', 'required'],
        [{ licence_class: 'Z9' }, 'licence_class', 'unknown'],
        [{ remark: 'r'.repeat(256) }, 'remark', 'tooLong'],
        [{ route_id: 999_999 }, 'route_id', 'unknown'],
      ];
      for (const [change, field, rule] of cases) {
        const reply = await admin.post('/basic/employees', { ...DRIVER, emp_id: 'D9500', ic_card: '', ...change });
        expect(reply, JSON.stringify(change)).toMatchObject({ code: ErrorCode.parameter, result: { field, rule } });
      }
      expect((await admin.post('/basic/employees', { emp_name: 'No number', emp_type: 2 })).code).toBe(
        ErrorCode.parameter,
      );
      expect((await admin.get('/basic/employees?page=0')).code).toBe(ErrorCode.parameter);
    });

    it('keeps companies apart and enforces the screen bits', async () => {
      const other = result(
        await adminB.post<EmployeeRow>('/basic/employees', { ...DRIVER, emp_id: 'B0001', ic_card: '' }),
      );
      const mine = result(await admin.get<ListResult<EmployeeRow>>('/basic/employees?limit=200'));
      expect(mine.rows.some((r) => r.id === other.id)).toBe(false);
      expect((await admin.put('/basic/employees', { ...DRIVER, id: other.id })).code).toBe(ErrorCode.recordMissing);
      expect((await admin.delete(`/basic/employees/${other.id}`)).code).toBe(ErrorCode.recordMissing);

      expect((await viewer.get('/basic/employees')).code).toBe(0);
      expect((await viewer.post('/basic/employees', { ...DRIVER, emp_id: 'V1' })).code).toBe(ErrorCode.permission);
      expect((await viewer.get('/basic/employees/export')).code).toBe(ErrorCode.permission);
      const dispatcher = server.client();
      await dispatcher.login('dispatcher', PASSWORD);
      expect((await dispatcher.get('/basic/employees')).code).toBe(ErrorCode.permission);
      expect((await dispatcher.get('/basic/employees/get-max-empid')).code).toBe(ErrorCode.permission);
    });
  });

  describe('IC cards', () => {
    it('issues cards of the four types; only a system card names its employee', async () => {
      const emp = result(
        await admin.post<EmployeeRow>('/basic/employees', { ...DRIVER, emp_id: 'D9300', ic_card: '' }),
      );
      const staffCard = result(
        await admin.post<IcCardRow>('/basic/ic-cards', {
          card_no: 'SYS-0001',
          card_type: 3,
          employee_id: emp.id,
          issue_time: 1_700_000_000,
          expire_time: 1_800_000_000,
        }),
      );
      expect(staffCard).toMatchObject({ card_type: 3, holder_name: 'Maria Lopez', emp_id: 'D9300', state: 0 });
      expect(
        await admin.post('/basic/ic-cards', { card_no: 'STU-1', card_type: 1, employee_id: emp.id }),
      ).toMatchObject({ code: ErrorCode.parameter, result: { field: 'employee_id', rule: 'notSystem' } });
      const student = result(
        await admin.post<IcCardRow>('/basic/ic-cards', { card_no: 'STU-1', card_type: 1, holder_name: 'Tom Ng' }),
      );
      expect(await admin.post('/basic/ic-cards', { card_no: 'stu-1', card_type: 0 })).toMatchObject({
        code: ErrorCode.accountRegistered,
        result: { field: 'card_no', value: 'stu-1' },
      });
      expect((await admin.get('/basic/ic-cards/validator?card_no=STU-1')).code).toBe(ErrorCode.accountRegistered);
      expect(
        await admin.post('/basic/ic-cards', { card_no: 'OLD-1', card_type: 2, issue_time: 10, expire_time: 5 }),
      ).toMatchObject({
        code: ErrorCode.parameter,
        result: { field: 'expire_time', rule: 'order' },
      });
      expect(await admin.post('/basic/ic-cards', { card_no: 'X-1', card_type: 4 })).toMatchObject({
        code: ErrorCode.parameter,
        result: { field: 'card_type', rule: 'unknown' },
      });

      const lost = result(
        await admin.put<IcCardRow>('/basic/ic-cards', {
          id: student.id,
          card_no: 'STU-1',
          card_type: 1,
          holder_name: 'Tom Ng',
          state: 1,
        }),
      );
      expect(lost.state).toBe(1);
      const listed = result(await admin.get<ListResult<IcCardRow>>('/basic/ic-cards?card_type=1&state=1'));
      expect(listed.rows.map((r) => r.card_no)).toEqual(['STU-1']);
      const sheet = await readExport(server, admin, '/basic/ic-cards/export?search=SYS');
      expect(sheet[1]?.slice(0, 3)).toEqual(['SYS-0001', 'System', 'Maria Lopez']);

      // Deleting the employee leaves the card, without its holder link.
      expect((await admin.delete(`/basic/employees/${emp.id}`)).code).toBe(0);
      const orphan = result(await admin.get<ListResult<IcCardRow>>('/basic/ic-cards?search=SYS-0001')).rows[0];
      expect(orphan).toMatchObject({ employee_id: null, holder_name: 'Maria Lopez' });

      expect((await adminB.delete(`/basic/ic-cards/${student.id}`)).code).toBe(ErrorCode.recordMissing);
      expect((await viewer.delete(`/basic/ic-cards/${student.id}`)).code).toBe(ErrorCode.permission);
      expect((await admin.delete(`/basic/ic-cards/${student.id}`)).code).toBe(0);
    });
  });

  describe('display info', () => {
    it('keeps what a line shows, and answers what is in effect for a line', async () => {
      const now = Math.floor(server.clock.now() / 1000);
      const head = result(
        await admin.post<DisplayInfoRow>('/basic/display-info', {
          display_name: 'S44 head sign',
          route_id: lineId,
          display_type: 0,
          content: 'S44 St. George',
        }),
      );
      expect(head).toMatchObject({ route_id: lineId, route_name: 'Line S44', state: 0 });
      result(
        await admin.post('/basic/display-info', {
          display_name: 'Fare notice',
          display_type: 3,
          content: 'Fares go up on Monday',
          sort_id: 2,
        }),
      );
      result(
        await admin.post('/basic/display-info', {
          display_name: 'Old notice',
          display_type: 3,
          content: 'Gone',
          end_time: now - 60,
        }),
      );
      result(
        await admin.post('/basic/display-info', {
          display_name: 'Hidden note',
          display_type: 3,
          content: 'x',
          state: 1,
        }),
      );
      const shown = result(await admin.get<DisplayInfoRow[]>(`/basic/display-info/route?route_id=${lineId}`));
      expect(shown.map((r) => r.display_name)).toEqual(['S44 head sign', 'Fare notice']);
      expect(result(await admin.get<OptionRow[]>('/basic/display-info/lines'))).toContainEqual({
        id: lineId,
        label: 'Line S44',
      });

      expect(
        await admin.post('/basic/display-info', { display_name: 'fare notice', display_type: 3, content: 'y' }),
      ).toMatchObject({
        code: ErrorCode.accountRegistered,
        result: { field: 'display_name' },
      });
      expect(
        await admin.post('/basic/display-info', { display_name: 'Empty one', display_type: 3, content: '  ' }),
      ).toMatchObject({
        code: ErrorCode.parameter,
        result: { field: 'content', rule: 'required' },
      });
      expect(
        await admin.post('/basic/display-info', {
          display_name: 'Too long',
          display_type: 3,
          content: 'x'.repeat(501),
        }),
      ).toMatchObject({
        code: ErrorCode.parameter,
        result: { field: 'content', rule: 'tooLong' },
      });
      expect((await adminB.get(`/basic/display-info/route?route_id=${lineId}`)).code).toBe(ErrorCode.parameter);
      expect(
        (await adminB.put('/basic/display-info', { id: head.id, display_name: 'Mine', display_type: 0, content: 'x' }))
          .code,
      ).toBe(ErrorCode.recordMissing);
      expect(
        (await viewer.post('/basic/display-info', { display_name: 'Viewer', display_type: 0, content: 'x' })).code,
      ).toBe(ErrorCode.permission);
      const sheet = await readExport(server, admin, '/basic/display-info/export?search=fare');
      expect(sheet[1]?.slice(0, 4)).toEqual(['Fare notice', 'All lines', 'Interior LED', 'Fares go up on Monday']);
      expect((await admin.delete(`/basic/display-info/${head.id}`)).code).toBe(0);
    });
  });
});
