// Side effect only: registers the demo company's fleet records with the demo seed seam (imported by modules.ts,
// after the lines' seeder that makes the vehicles and devices).
import { registerDemoSeeder } from '../demo/lines.ts';
import { seedDemoFleetRecords } from './demo-records.ts';

registerDemoSeeder('fleet-records', async (db, companyId) => {
  await seedDemoFleetRecords(db, companyId, Math.floor(Date.now() / 1000));
});
