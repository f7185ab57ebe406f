import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, type TestStore } from '../../test/helpers/database.ts';
import { seedDemo } from '../demo/seed.ts';
import './demo-register.ts';
import { seedDemoTransit } from './demo-seed.ts';
import { transitDb } from './schema.ts';

describe('demo transit seed', () => {
  let t: TestStore;
  beforeAll(async () => {
    t = await createTestStore('sqlite');
  });
  afterAll(async () => t?.drop());

  it('seeds Demo Transit with lines, and vehicles each bound to a device and a line, with crews', async () => {
    // Importing demo-register.ts registered it with the demo seed seam: seedDemo runs it.
    const { companyId } = await seedDemo(t.store.db, { password: 'demo-pass' });
    const db = transitDb(t.store.db);
    const lines = await db
      .selectFrom('lines')
      .select(['id', 'route_code'])
      .where('company_id', '=', companyId)
      .execute();
    expect(lines).toHaveLength(8);
    const vehicles = await db
      .selectFrom('vehicles')
      .innerJoin('devices', 'devices.id', 'vehicles.device_id')
      .select([
        'car_name',
        'lpn',
        'vehicles.imei',
        'channel',
        'line_id',
        'fleet_id',
        'terminal_phone',
        'protocol_version',
      ])
      .where('vehicles.company_id', '=', companyId)
      .execute();
    expect(vehicles.length).toBeGreaterThanOrEqual(60);
    expect(vehicles.length).toBeLessThanOrEqual(120);
    for (const v of vehicles) {
      expect(v.terminal_phone).toMatch(/^[1-9]\d{11}$/);
      expect(v.line_id).not.toBeNull();
      expect(v.fleet_id).not.toBeNull();
      expect(v.channel).toBe('CH1,CH2,CH3,CH4*');
      expect(v.imei).toMatch(/^\d{15}$/);
    }
    // Every line has buses; some terminals speak 2019.
    expect(new Set(vehicles.map((v) => v.line_id)).size).toBe(8);
    expect(vehicles.some((v) => v.protocol_version === '2019')).toBe(true);
    const fleets = await db.selectFrom('fleets').select('fleet_name').where('company_id', '=', companyId).execute();
    expect(fleets.map((f) => f.fleet_name).sort()).toEqual(['Castleton Depot', 'Yukon Depot']);
    const lineFleets = await db.selectFrom('lines').select('fleet_id').where('company_id', '=', companyId).execute();
    expect(lineFleets.every((l) => l.fleet_id !== null)).toBe(true);
    const crew = await db
      .selectFrom('employees')
      .select(['emp_type', 'ic_card'])
      .where('company_id', '=', companyId)
      .execute();
    expect(crew.filter((e) => e.emp_type === 1)).toHaveLength(vehicles.length);
    expect(crew.filter((e) => e.emp_type === 2).length).toBeGreaterThan(20);
    expect(crew.every((e) => /^\d{10}$/.test(e.ic_card))).toBe(true);

    // Idempotent: a second run adds nothing.
    await seedDemoTransit(t.store.db, companyId);
    await seedDemo(t.store.db, { password: 'demo-pass' });
    const again = await db.selectFrom('vehicles').select('id').where('company_id', '=', companyId).execute();
    expect(again).toHaveLength(vehicles.length);
  }, 60_000);
});
