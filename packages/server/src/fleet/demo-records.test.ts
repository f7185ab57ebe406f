import { DAY_SECONDS, INSURANCE_WARNING_DAYS, VIN_PATTERN } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import { seedDevices } from '../gateway/testing/fixture.ts';
import { trackDb } from '../tracks/schema.ts';
import { seedDemoFleetRecords } from './demo-records.ts';
import { fleetDb } from './schema.ts';

// The demo's fleet records: plausible values on every bus, a device type, a SIM per terminal, every date beyond the
// reminder windows (the demo opens without the expiry dialogs), and a second start changes nothing.

describe.each(ENGINES)('demo fleet records on %s', (engine) => {
  let db: TestStore;
  let companyId: number;
  beforeAll(async () => {
    db = await createTestStore(engine);
    ({ companyId } = await seedDevices(db.store, ['013855550001', '013855550002'], { plate: 'DEMO-1' }));
    await trackDb(db.store.db)
      .updateTable('devices')
      .set({ device_type: 'BUS', sim: '89860000000000000001' })
      .execute();
  }, 60_000);
  afterAll(() => db?.drop());

  it('fills the record once, with dates past the reminder windows', async () => {
    const now = 1_800_000_000;
    expect(await seedDemoFleetRecords(db.store.db, companyId, now)).toBe(1);
    const v = await fleetDb(db.store.db).selectFrom('vehicles').selectAll().executeTakeFirstOrThrow();
    expect(v.vin).toMatch(VIN_PATTERN);
    expect(v.model).not.toBe('');
    expect(Number(v.seat)).toBeLessThanOrEqual(Number(v.approved_number));
    for (const date of [v.compulsory_insurance_time, v.commercial_insurance_time, v.expire_time]) {
      expect(Number(date)).toBeGreaterThan(now + INSURANCE_WARNING_DAYS * DAY_SECONDS);
    }
    const devices = await fleetDb(db.store.db).selectFrom('devices').select(['device_type_id']).execute();
    expect(devices.every((d) => d.device_type_id !== null)).toBe(true);
    const sims = await fleetDb(db.store.db).selectFrom('sims').select('sim_no').execute();
    expect(sims.map((s) => s.sim_no)).toEqual(['89860000000000000001']);

    expect(await seedDemoFleetRecords(db.store.db, companyId, now + 100)).toBe(0);
    expect((await fleetDb(db.store.db).selectFrom('sims').select('id').execute()).length).toBe(1);
    expect((await fleetDb(db.store.db).selectFrom('device_types').select('id').execute()).length).toBe(1);
  });
});
