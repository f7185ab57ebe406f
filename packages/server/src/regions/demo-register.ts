// Side effect only: registers the demo company's regions with the demo seed seam (imported by modules.ts, so
// `npm start` seeds them; tests that call seedDemo directly stay without them unless they import this file).
import { registerDemoSeeder } from '../demo/lines.ts';
import { seedDemoRegions } from './demo-regions.ts';

registerDemoSeeder('regions', async (db, companyId) => {
  await seedDemoRegions(db, companyId, Math.floor(Date.now() / 1000));
});
