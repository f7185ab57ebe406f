import { CapabilityMask, DAY_SECONDS, PermissionBit } from '@headway/spec';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient, Reply } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { signedInUserWith } from '../../test/helpers/users.ts';
import { sign } from '../auth/signature.ts';
import type {
  CarBaseInfo,
  DeviceChoice,
  DeviceRecord,
  DeviceTypeRecord,
  ExpiredReminder,
  ExpiryRow,
  ListResult,
  RenewalRow,
  SimRecord,
  VehicleRecord,
} from '../contract/index.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { organisationDb } from '../organisation/schema.ts';
import { seedFleet, seedLine } from './testing.ts';

// /basic/cars, /basic/devices, /basic/sims, /basic/device-types, renewals and the expiry reminder over real HTTP
// on both engines: CRUD, the spec's rules (1004 naming the field), duplicates (1106 with "{0} [{1}] already
// exists"), the permission bits (1005), tenant isolation (1008) and the exports.

function created<T>(reply: Reply<T>): T {
  expect(reply.code, JSON.stringify(reply.result)).toBe(0);
  return reply.result;
}

function field(reply: Reply<unknown>): string | undefined {
  return (reply.result as { field?: string } | null)?.field;
}

describe.each(ENGINES)('fleet basic data on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let adminB: HeadwayClient;
  let viewer: HeadwayClient;
  let reviewer: HeadwayClient;
  let companyId: number;
  let lineA: number;
  let lineB: number;
  let fleet: number;
  let otherLine: number;

  beforeAll(async () => {
    server = await startTestServer(engine);
    companyId = server.demoCompanyId;
    admin = server.client();
    await admin.login('admin', PASSWORD);
    const other = await seedCompany(server.store, 'Other Fleet Co', 'fleet-b-admin');
    adminB = server.client();
    await adminB.login('fleet-b-admin', PASSWORD);
    viewer = await signedInUserWith(server, admin, 'fleet-viewer', {
      BasicVehicle: PermissionBit.view,
      BasicDevice: PermissionBit.view,
      BasicSim: PermissionBit.view,
      BasicDeviceType: PermissionBit.view,
    });
    reviewer = await signedInUserWith(server, admin, 'fleet-reviewer', {
      BasicVehicleRenewal: PermissionBit.view | PermissionBit.add | PermissionBit.cancel,
    });
    lineA = await seedLine(server.store.db, companyId, `A-${engine}`);
    lineB = await seedLine(server.store.db, companyId, `B-${engine}`);
    fleet = await seedFleet(server.store.db, companyId, 'North depot');
    otherLine = await seedLine(server.store.db, other.companyId, 'OTHER');
  }, 60_000);
  afterAll(() => server.close());

  async function deviceType(client: HeadwayClient, name: string, capabilities: number) {
    return client.post<DeviceTypeRecord>('/basic/device-types', { type_name: name, capabilities, channels: 4 });
  }
  async function device(client: HeadwayClient, imei: string, phone: string, extra: Record<string, unknown> = {}) {
    return client.post<DeviceRecord>('/basic/devices', {
      imei,
      terminal_phone: phone,
      protocol_version: '2013',
      ...extra,
    });
  }
  async function vehicle(client: HeadwayClient, body: Record<string, unknown>) {
    return client.post<VehicleRecord>('/basic/cars', body);
  }

  it('keeps device types and sets their capability mask on their devices', async () => {
    const camera = created(await deviceType(admin, ' Camera only ', CapabilityMask.snapshot | CapabilityMask.video));
    expect(camera).toMatchObject({ type_name: 'Camera only', capabilities: 96, channels: 4, devices: 0 });
    const dup = await deviceType(admin, 'CAMERA ONLY', 0);
    expect(dup.code).toBe(ErrorCode.accountRegistered);
    expect(dup.result).toMatchObject({ field: 'type_name', message: 'Device type [CAMERA ONLY] already exists' });
    expect((await deviceType(admin, 'Odd bits', 1 << 3)).code).toBe(ErrorCode.parameter);
    expect(field(await deviceType(admin, 'ab', 0))).toBe('type_name');

    const d = created(
      await device(admin, '861234560000001', '013800000001', { device_type: camera.id, sim: '89860000000000000001' }),
    );
    expect(d).toMatchObject({
      device_type: camera.id,
      device_type_name: 'Camera only',
      capabilities: 96,
      sim_masked: '8986****0001',
      car_id: null,
    });
    const talk = created(
      await admin.put<DeviceTypeRecord>('/basic/device-types', {
        id: camera.id,
        type_name: 'Camera and talk',
        capabilities: CapabilityMask.video | CapabilityMask.talk,
      }),
    );
    expect(talk.devices).toBe(1);
    const after = created(await admin.get<DeviceRecord>(`/basic/devices/${d.id}`));
    expect(after).toMatchObject({
      capabilities: CapabilityMask.video | CapabilityMask.talk,
      device_type_name: 'Camera and talk',
    });
    const refused = await admin.delete(`/basic/device-types/${camera.id}`);
    expect(refused.code).toBe(ErrorCode.parameter);
    expect((refused.result as { message: string }).message).toContain('used by 1 devices');
    // Without a type a device can do everything the console offers.
    const plain = created(await device(admin, '861234560000002', '013800000002'));
    expect(plain.capabilities).toBe(
      CapabilityMask.snapshot | CapabilityMask.video | CapabilityMask.sendMessage | CapabilityMask.talk,
    );
    const list = created(await admin.get<ListResult<DeviceTypeRecord>>('/basic/device-types?search=talk'));
    expect(list.rows.map((r) => r.id)).toEqual([camera.id]);
  });

  it('refuses duplicate and malformed devices, naming the field', async () => {
    created(await device(admin, '861234560000010', '013800000010'));
    const samePhone = await device(admin, '861234560000011', '13800000010');
    expect(samePhone.code).toBe(ErrorCode.accountRegistered);
    expect(samePhone.result).toMatchObject({
      field: 'terminal_phone',
      message: 'Terminal phone [13800000010] already exists',
    });
    // Another company cannot take a terminal the gateway already knows.
    expect((await device(adminB, '861234560000010', '013899999999')).result).toMatchObject({ field: 'imei' });
    const zh = await admin.post(
      '/basic/devices',
      { imei: '861234560000010', terminal_phone: '013899999998' },
      { headers: { 'accept-language': 'zh' } },
    );
    expect(zh.result).toMatchObject({ message: 'IMEI [861234560000010] 已存在' });
    for (const [body, name] of [
      [{ imei: 'x', terminal_phone: '013800000020' }, 'imei'],
      [{ imei: '861234560000020', terminal_phone: '0138-0000' }, 'terminal_phone'],
      [{ imei: '861234560000020', terminal_phone: '' }, 'terminal_phone'],
      [{ imei: '861234560000020', terminal_phone: '013800000020', protocol_version: '2099' }, 'protocol_version'],
      [{ imei: '861234560000020', terminal_phone: '013800000020', sim: 'abc' }, 'sim'],
      [{ imei: '861234560000020', terminal_phone: '013800000020', remark: 'r'.repeat(256) }, 'remark'],
      [{ imei: '861234560000020', terminal_phone: '013800000020', device_type: 999999 }, 'device_type'],
    ] as const) {
      const reply = await admin.post('/basic/devices', body);
      expect(reply.code, JSON.stringify(body)).toBe(ErrorCode.parameter);
      expect(field(reply)).toBe(name);
    }
    const validator = await admin.get('/basic/devices/validator?field=terminal_phone&value=013800000010');
    expect(validator.code).toBe(ErrorCode.accountRegistered);
    expect((await admin.get('/basic/devices/validator?field=imei&value=861234560009999')).code).toBe(0);
  });

  it('creates, binds by IMEI, updates and deletes a vehicle with the full record', async () => {
    created(await device(admin, '861234560000100', '013800000100'));
    const now = Math.floor(server.clock.now() / 1000);
    const row = created(
      await vehicle(admin, {
        car_name: '  Bus 100 ',
        lpn: 'HW-100',
        imei: '861234560000100',
        route_id: lineA,
        fleet_id: fleet,
        car_type: 1,
        state: 10,
        channel: 'Front, Door* ,,Rear',
        vin: 'lzytbgbw1n1000001',
        seat: 30,
        approved_number: 80,
        fuel_type: 4,
        tank: 0,
        register_time: now - 400 * DAY_SECONDS,
        expire_time: now + 400 * DAY_SECONDS,
        compulsory_insurance_time: now + 10 * DAY_SECONDS,
        model: 'Yutong ZK6125',
        contract_no: 'C-1',
        img_url: '/upload/bus-100.png',
        remark: 'new bus',
      }),
    );
    expect(row).toMatchObject({
      car_name: 'Bus 100',
      imei: '861234560000100',
      terminal_phone: '013800000100',
      route_id: lineA,
      route_code: `A-${engine}`,
      fleet_name: 'North depot',
      car_type: 1,
      state: 10,
      channel: 'Front,Door*,Rear',
      vin: 'LZYTBGBW1N1000001',
      seat: 30,
      fuel_type: 4,
      tank: 0,
      model: 'Yutong ZK6125',
    });
    expect(row.device_id).not.toBeNull();
    const dev = created(await admin.get<ListResult<DeviceRecord>>('/basic/devices?search=013800000100'));
    expect(dev.rows[0]).toMatchObject({ car_id: row.car_id, car_name: 'Bus 100' });

    const info = created(await admin.get<CarBaseInfo>('/basic/cars/info?imei=861234560000100'));
    expect(info).toMatchObject({
      vin: 'LZYTBGBW1N1000001',
      vehicle_model: 'Yutong ZK6125',
      contract_no: 'C-1',
      approved_number: '80',
      img_url: '/upload/bus-100.png',
    });

    const moved = created(
      await admin.put<VehicleRecord>('/basic/cars', {
        car_id: row.car_id,
        car_name: 'Bus 100',
        lpn: 'HW-100',
        imei: '',
        route_id: lineB,
      }),
    );
    expect(moved).toMatchObject({ route_id: lineB, imei: '', device_id: null, vin: '', seat: null });
    // null clears a field as a form sends it (the API coerces types; a null must not become 0).
    const cleared = created(
      await admin.put<VehicleRecord>('/basic/cars', {
        car_id: row.car_id,
        car_name: 'Bus 100',
        lpn: 'HW-100',
        route_id: null,
        fleet_id: null,
        seat: null,
        fuel_type: null,
        register_time: null,
      }),
    );
    expect(cleared).toMatchObject({ route_id: null, fleet_id: null, seat: null, fuel_type: null, register_time: null });
    const typeless = created(await device(admin, '861234560000101', '013800000101', { device_type: null }));
    expect(typeless.device_type).toBeNull();

    const listed = created(
      await admin.get<ListResult<VehicleRecord>>(`/basic/cars?state=0&car_type=0&search=bus%20100`),
    );
    expect(listed.rows.map((r) => r.car_id)).toEqual([row.car_id]);
    expect(created(await admin.delete(`/basic/cars/${row.car_id}`))).toBeNull();
    expect((await admin.get(`/basic/cars/${row.car_id}`)).code).toBe(ErrorCode.recordMissing);
  });

  it('says "{0} [{1}] already exists" for a duplicate name, plate, IMEI or VIN', async () => {
    created(await device(admin, '861234560000200', '013800000200'));
    const first = created(
      await vehicle(admin, { car_name: 'Bus 200', lpn: 'HW-200', imei: '861234560000200', vin: 'LZYTBGBW1N1000200' }),
    );
    const cases = [
      [{ car_name: 'bus 200', lpn: 'HW-201' }, 'car_name', 'Vehicle name [bus 200] already exists'],
      [{ car_name: 'Bus 201', lpn: 'hw-200' }, 'lpn', 'Plate [hw-200] already exists'],
      [
        { car_name: 'Bus 201', lpn: 'HW-201', imei: '861234560000200' },
        'imei',
        'IMEI [861234560000200] already exists',
      ],
      [
        { car_name: 'Bus 201', lpn: 'HW-201', vin: 'LZYTBGBW1N1000200' },
        'vin',
        'VIN [LZYTBGBW1N1000200] already exists',
      ],
    ] as const;
    for (const [body, name, message] of cases) {
      const reply = await vehicle(admin, body);
      expect(reply.code, name).toBe(ErrorCode.accountRegistered);
      expect(reply.result).toMatchObject({ field: name, message });
    }
    const validator = await admin.get('/basic/cars/validator?field=lpn&value=HW-200');
    expect(validator.code).toBe(ErrorCode.accountRegistered);
    expect(validator.result).toMatchObject({ message: 'Plate [HW-200] already exists' });
    expect((await admin.get(`/basic/cars/validator?field=lpn&value=HW-200&id=${first.car_id}`)).code).toBe(0);
    // The same plate in another company is another vehicle.
    created(await vehicle(adminB, { car_name: 'Bus 200', lpn: 'HW-200' }));
    // The device in a vehicle cannot be deleted.
    const bound = created(await admin.get<ListResult<DeviceRecord>>('/basic/devices?search=013800000200')).rows[0];
    const refused = await admin.delete(`/basic/devices/${bound?.id}`);
    expect(refused.code).toBe(ErrorCode.parameter);
    expect((refused.result as { message: string }).message).toBe(
      'Device 013800000200 is installed in vehicle Bus 200; take it out of the vehicle first',
    );
  });

  it('refuses vehicle input the spec does not allow, naming the field', async () => {
    const base = { car_name: 'Bus 300', lpn: 'HW-300' };
    const now = Math.floor(server.clock.now() / 1000);
    const refusals: [Record<string, unknown>, string][] = [
      [{ car_name: 'ab' }, 'car_name'],
      [{ car_name: 'x'.repeat(65) }, 'car_name'],
      [{ car_name: '   ' }, 'car_name'],
      [{ lpn: ' ' }, 'lpn'],
      [{ remark: 'r'.repeat(256) }, 'remark'],
      [{ vin: 'IOQ12345678901234' }, 'vin'],
      [{ img_url: '/upload/bus.gif' }, 'img_url'],
      [{ img_url: 'javascript:alert(1).png' }, 'img_url'],
      [{ state: 5 }, 'state'],
      [{ car_type: 77 }, 'car_type'],
      [{ fuel_type: 77 }, 'fuel_type'],
      [{ seat: -1 }, 'seat'],
      [{ seat: 'many' }, 'seat'],
      [{ seat: 90, approved_number: 80 }, 'seat'],
      [{ register_time: now, expire_time: now - 1 }, 'expire_time'],
      [{ production_date: now, scrap_date: now - 1 }, 'scrap_date'],
      [{ gross_weight: 1000, curb_weight: 2000 }, 'gross_weight'],
      [{ imei: '999999999999999' }, 'imei'],
      [{ route_id: otherLine }, 'route_id'],
    ];
    for (const [patch, name] of refusals) {
      const reply = await vehicle(admin, { ...base, ...patch });
      expect(reply.code, JSON.stringify(patch)).toBe(ErrorCode.parameter);
      expect(field(reply), JSON.stringify(patch)).toBe(name);
    }
  });

  it('enforces the screens’ bits and keeps every company to its own rows', async () => {
    const mine = created(await vehicle(admin, { car_name: 'Bus 400', lpn: 'HW-400' }));
    expect((await vehicle(viewer, { car_name: 'Bus 401', lpn: 'HW-401' })).code).toBe(ErrorCode.permission);
    expect((await viewer.put('/basic/cars', { car_id: mine.car_id, car_name: 'Bus 400', lpn: 'X' })).code).toBe(
      ErrorCode.permission,
    );
    expect((await viewer.delete(`/basic/cars/${mine.car_id}`)).code).toBe(ErrorCode.permission);
    expect((await viewer.get('/basic/cars/export')).code).toBe(ErrorCode.permission);
    expect((await device(viewer, '861234560000401', '013800000401')).code).toBe(ErrorCode.permission);
    expect((await viewer.post('/basic/sims', { sim_no: '13800000401' })).code).toBe(ErrorCode.permission);
    expect((await deviceType(viewer, 'Viewer type', 0)).code).toBe(ErrorCode.permission);
    expect(created(await viewer.get<ListResult<VehicleRecord>>('/basic/cars?search=Bus%20400')).total).toBe(1);
    expect((await reviewer.get('/basic/devices')).code).toBe(ErrorCode.permission);

    // Company B sees none of A's rows and reaches none by id.
    expect(created(await adminB.get<ListResult<VehicleRecord>>('/basic/cars?search=Bus%20400')).total).toBe(0);
    expect((await adminB.get(`/basic/cars/${mine.car_id}`)).code).toBe(ErrorCode.recordMissing);
    expect((await adminB.put('/basic/cars', { car_id: mine.car_id, car_name: 'Stolen', lpn: 'S-1' })).code).toBe(
      ErrorCode.recordMissing,
    );
    expect((await adminB.delete(`/basic/cars/${mine.car_id}`)).code).toBe(ErrorCode.recordMissing);
    expect((await adminB.put('/basic/cars/seat', { car_id: mine.car_id, seat: 1 })).code).toBe(ErrorCode.recordMissing);
    const aDevice = created(await device(admin, '861234560000402', '013800000402'));
    expect((await adminB.get(`/basic/devices/${aDevice.id}`)).code).toBe(ErrorCode.recordMissing);
    expect((await adminB.delete(`/basic/devices/${aDevice.id}`)).code).toBe(ErrorCode.recordMissing);
    // B cannot bind A's device by its IMEI either.
    expect(field(await vehicle(adminB, { car_name: 'B bus', lpn: 'B-402', imei: '861234560000402' }))).toBe('imei');
    const sim = created(await admin.post<SimRecord>('/basic/sims', { sim_no: '13800000402' }));
    expect((await adminB.delete(`/basic/sims/${sim.id}`)).code).toBe(ErrorCode.recordMissing);
  });

  it('keeps SIM cards, masked in lists, and refuses deleting one in use', async () => {
    const sim = created(
      await admin.post<SimRecord>('/basic/sims', {
        sim_no: '89860012345678901234',
        operator: 'Mobile',
        iccid: '89860012345678901234',
      }),
    );
    expect(sim).toMatchObject({ sim_masked: '8986****1234', terminal_phone: '' });
    expect((await admin.post('/basic/sims', { sim_no: '89860012345678901234' })).result).toMatchObject({
      field: 'sim_no',
      message: 'SIM number [89860012345678901234] already exists',
    });
    expect(field(await admin.post('/basic/sims', { sim_no: '12ab' }))).toBe('sim_no');
    created(await device(admin, '861234560000500', '013800000500', { sim: '89860012345678901234' }));
    const refused = await admin.delete(`/basic/sims/${sim.id}`);
    expect((refused.result as { message: string }).message).toBe(
      'SIM 8986****1234 is in terminal 013800000500; take it out of the device first',
    );
    const renamed = created(await admin.put<SimRecord>('/basic/sims', { id: sim.id, sim_no: '89860012345678900000' }));
    expect(renamed.terminal_phone).toBe('013800000500');
    const short = created(await admin.post<SimRecord>('/basic/sims', { sim_no: '1380000' }));
    expect(short.sim_masked).toBe('13****00');
  });

  it('edits seats and papers from the review screens and reviews renewals', async () => {
    const now = Math.floor(server.clock.now() / 1000);
    const bus = created(
      await vehicle(admin, {
        car_name: 'Bus 600',
        lpn: 'HW-600',
        approved_number: 60,
        compulsory_insurance_time: now + DAY_SECONDS,
      }),
    );
    expect(created(await admin.put<VehicleRecord>('/basic/cars/seat', { car_id: bus.car_id, seat: 40 })).seat).toBe(40);
    expect(field(await admin.put('/basic/cars/seat', { car_id: bus.car_id, seat: 61 }))).toBe('seat');
    const papers = created(
      await admin.put<VehicleRecord>('/basic/cars/certificate', {
        car_id: bus.car_id,
        registration_number: 'REG-600',
        register_time: now - 100,
        expire_time: now + 10 * DAY_SECONDS,
      }),
    );
    expect(papers).toMatchObject({ registration_number: 'REG-600', expire_time: now + 10 * DAY_SECONDS, seat: 40 });
    expect(field(await admin.put('/basic/cars/certificate', { car_id: bus.car_id, expire_time: now - 200 }))).toBe(
      'expire_time',
    );

    const newDate = now + 365 * DAY_SECONDS;
    const renewal = created(
      await reviewer.post<RenewalRow>('/basic/cars/renew', {
        car_id: bus.car_id,
        renew_type: 0,
        new_time: newDate,
        remark: 'paid',
      }),
    );
    expect(renewal).toMatchObject({
      state: 0,
      old_time: now + DAY_SECONDS,
      new_time: newDate,
      created_by_account: 'fleet-reviewer',
    });
    expect(field(await reviewer.post('/basic/cars/renew', { car_id: bus.car_id, renew_type: 0, new_time: now }))).toBe(
      'new_time',
    );
    // The reviewer may cancel but not pass.
    expect((await reviewer.put('/basic/cars/renew', { id: renewal.id, state: 1 })).code).toBe(ErrorCode.permission);
    const passed = created(await admin.put<RenewalRow>('/basic/cars/renew', { id: renewal.id, state: 1 }));
    expect(passed).toMatchObject({ state: 1, reviewed_by_account: 'admin' });
    expect(created(await admin.get<VehicleRecord>(`/basic/cars/${bus.car_id}`)).compulsory_insurance_time).toBe(
      newDate,
    );
    expect(field(await admin.put('/basic/cars/renew', { id: renewal.id, state: 2 }))).toBe('state');

    const second = created(
      await reviewer.post<RenewalRow>('/basic/cars/renew', { car_id: bus.car_id, renew_type: 3, new_time: newDate }),
    );
    expect(created(await reviewer.put<RenewalRow>('/basic/cars/renew', { id: second.id, state: 2 })).state).toBe(2);
    expect(created(await admin.get<VehicleRecord>(`/basic/cars/${bus.car_id}`)).next_inspection_time).toBeNull();
    const pending = created(await admin.get<ListResult<RenewalRow>>('/basic/cars/renew?state=0'));
    expect(pending.rows.every((r) => r.state === 0)).toBe(true);
    expect((await adminB.put('/basic/cars/renew', { id: second.id, state: 2 })).code).toBe(ErrorCode.recordMissing);
  });

  it('lists expiring vehicles and reminds the users who asked for it', async () => {
    const now = Math.floor(server.clock.now() / 1000);
    const soon = created(
      await vehicle(admin, {
        car_name: 'Bus 700',
        lpn: 'HW-700',
        route_id: lineA,
        commercial_insurance_time: now + 20 * DAY_SECONDS,
      }),
    );
    const late = created(
      await vehicle(admin, { car_name: 'Bus 701', lpn: 'HW-701', compulsory_insurance_time: now + 60 * DAY_SECONDS }),
    );
    const gone = created(
      await vehicle(admin, {
        car_name: 'Bus 702',
        lpn: 'HW-702',
        register_time: now - 900 * DAY_SECONDS,
        expire_time: now - DAY_SECONDS,
      }),
    );
    created(await vehicle(admin, { car_name: 'Bus 703', lpn: 'HW-703', state: 100, expire_time: now - DAY_SECONDS }));

    const insurance = created(await admin.get<ListResult<ExpiryRow>>('/basic/cars/expire?kind=insurance&limit=100'));
    const ids = insurance.rows.map((r) => r.car_id);
    expect(ids).toContain(soon.car_id);
    expect(ids).not.toContain(late.car_id);
    expect(insurance.rows.find((r) => r.car_id === soon.car_id)).toMatchObject({ route_name: `Line A-${engine}` });
    expect(
      created(await admin.get<ListResult<ExpiryRow>>('/basic/cars/expire?kind=insurance&days=90&limit=100')).rows.map(
        (r) => r.car_id,
      ),
    ).toContain(late.car_id);
    const expiring = created(await admin.get<ListResult<ExpiryRow>>('/basic/cars/expire?kind=vehicle&limit=100'));
    expect(expiring.rows.map((r) => r.car_name)).toContain('Bus 702');
    expect(expiring.rows.map((r) => r.car_name)).not.toContain('Bus 703');

    const reminder = created(await admin.get<ExpiredReminder>('/basic/car/expired/reminder'));
    expect(reminder.insurance.enabled).toBe(true);
    expect(reminder.insurance.rows.length).toBeLessThanOrEqual(10);
    expect(reminder.vehicle.rows.map((r) => r.car_id)).toContain(gone.car_id);
    created(await admin.put('/owner/user/config', { insurance_reminder: false }));
    const off = created(await admin.get<ExpiredReminder>('/basic/car/expired/reminder'));
    expect(off.insurance).toEqual({ enabled: false, total: 0, rows: [] });
    expect(off.vehicle.total).toBeGreaterThan(0);
    created(await admin.put('/owner/user/config', { insurance_reminder: true }));
    // Another company hears nothing of these.
    expect(created(await adminB.get<ExpiredReminder>('/basic/car/expired/reminder')).vehicle.total).toBe(0);
  });

  it('offers the company’s devices to the vehicle form', async () => {
    created(await device(admin, '861234560000800', '013800000800'));
    const choices = created(await admin.get<DeviceChoice[]>('/basic/cars/imei?search=0000800'));
    expect(choices).toEqual([
      { imei: '861234560000800', terminal_phone: '013800000800', device_type: '', car_id: null, car_name: '' },
    ]);
    expect(created(await adminB.get<DeviceChoice[]>('/basic/cars/imei?search=0000800'))).toEqual([]);
  });

  it('refuses a vehicle beyond the company’s authorised count (1113), in the caller’s language', async () => {
    const small = await seedCompany(server.store, 'Small Fleet Co', 'fleet-c-admin');
    const adminC = server.client();
    await adminC.login('fleet-c-admin', PASSWORD);
    const authorise = (count: number) =>
      organisationDb(server.store.db)
        .updateTable('companies')
        .set({ authorised_vehicles: count })
        .where('id', '=', small.companyId)
        .execute();
    await authorise(1);
    created(await vehicle(adminC, { car_name: 'Only bus', lpn: 'SM-1' }));
    const refused = await adminC.post(
      '/basic/cars',
      { car_name: 'One too many', lpn: 'SM-2' },
      {
        headers: { 'accept-language': 'zh' },
      },
    );
    expect(refused.code).toBe(ErrorCode.equipmentLimit);
    expect(refused.msg).toBe('设备数量超出限制');
    expect(refused.result).toMatchObject({ field: 'authorised_vehicles', authorised: 1, vehicles: 1 });
    expect((refused.result as { message: string }).message).toContain('公司授权车辆数为 1 辆');
    const thai = await adminC.post(
      '/basic/cars',
      { car_name: 'One too many', lpn: 'SM-2' },
      {
        headers: { 'accept-language': 'th' },
      },
    );
    expect(thai.msg).toBe('จำนวนอุปกรณ์เกินขีดจำกัด');
    expect((thai.result as { message: string }).message).toContain('บริษัทได้รับอนุญาตให้มีรถ 1 คัน');
    // Nothing was written, and editing the vehicle it has is still allowed.
    const list = created(await adminC.get<ListResult<VehicleRecord>>('/basic/cars'));
    expect(list.total).toBe(1);
    const only = list.rows[0] as VehicleRecord;
    created(await adminC.put('/basic/cars', { car_id: only.car_id, car_name: 'Only bus', lpn: 'SM-1b' }));
    // 0 is no limit.
    await authorise(0);
    created(await vehicle(adminC, { car_name: 'One too many', lpn: 'SM-2' }));
  });

  it('exports the vehicles of the filter as an .xlsx', async () => {
    created(await vehicle(admin, { car_name: 'Export bus 1', lpn: 'EX-1', state: 10, seat: 33 }));
    created(await vehicle(admin, { car_name: 'Export bus 2', lpn: 'EX-2' }));
    const path = `${admin.base}/basic/cars/export?search=export%20bus`;
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
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="vehicles-\d{8}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]?.slice(0, 3)).toEqual(['Vehicle name', 'Plate', 'Device IMEI']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[7], r[12]])).toEqual([
      ['Export bus 2', 'EX-2', 'Normal', undefined],
      ['Export bus 1', 'EX-1', 'Under repair', 33],
    ]);
  });
});
