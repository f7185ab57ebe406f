// Side effect only: registers the demo company's transit data with the demo seed seam (imported by modules.ts,
// so `npm start` seeds it; tests that call seedDemo directly stay fast unless they import this file).
import { registerDemoSeeder } from '../demo/lines.ts';
import { seedDemoTransit } from './demo-seed.ts';

registerDemoSeeder('transit', async (db, companyId) => {
  await seedDemoTransit(db, companyId);
});
