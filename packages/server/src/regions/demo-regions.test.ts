import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import { seedCompany } from '../../test/helpers/server.ts';
import { DEMO_REGIONS, seedDemoRegions } from './demo-regions.ts';
import { GeofenceIndex } from './geofence/index.ts';
import { companyRegions } from './queries.ts';
import { regionDb } from './schema.ts';

describe.each(ENGINES)('the demo regions on %s', (engine) => {
  let test: TestStore;
  let companyId: number;

  beforeAll(async () => {
    test = await createTestStore(engine);
    ({ companyId } = await seedCompany(test.store, 'Demo Regions', 'demo-regions'));
  });
  afterAll(() => test.drop());

  it('are seeded once, shared, with their centre, and fenced except the point of interest', async () => {
    await seedDemoRegions(test.store.db, companyId, 1_790_000_000);
    await seedDemoRegions(test.store.db, companyId, 1_790_000_100);
    const rows = await regionDb(test.store.db)
      .selectFrom('regions')
      .select(['region_name', 'is_share', 'center', 'created_at'])
      .where('company_id', '=', companyId)
      .execute();
    expect(rows.map((r) => r.region_name).sort()).toEqual(DEMO_REGIONS.map((r) => r.region_name).sort());
    expect(
      rows.every((r) => Number(r.is_share) === 1 && r.center !== '' && Number(r.created_at) === 1_790_000_000),
    ).toBe(true);
    const index = new GeofenceIndex();
    index.load(
      companyId,
      (await companyRegions(test.store.db, companyId)).map((r) => ({
        id: r.id,
        region_name: r.regionName,
        region_type: r.shape.type,
        use_type: r.useType,
        region_point: DEMO_REGIONS.find((d) => d.region_name === r.regionName)?.region_point ?? '',
        region_option: '{}',
      })),
    );
    expect(index.size).toBe(DEMO_REGIONS.filter((r) => r.region_type !== 0).length);
    // Castleton Depot's yard is a depot for the alarm detector; a street away is not.
    expect(index.parkingAt(companyId, 40.6357, -74.1288)).toBe(true);
    expect(index.parkingAt(companyId, 40.64, -74.1288)).toBe(false);
  });
});
