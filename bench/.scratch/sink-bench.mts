import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../packages/server/src/store/db.ts';
import { migrateToLatest } from '../../packages/server/src/store/migrate.ts';
import { openPositionSink } from '../../packages/server/src/tracks/position-sink.ts';

const store = openStore({ engine: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'x')), 'a.db') });
await migrateToLatest(store);
const row = (i: number) => ({
  company_id: 1,
  terminal_phone: '013900000001',
  vehicle_id: null,
  lat: 22.5 + i / 1e6,
  lng: 114.05,
  speed: 32.5,
  azimuth: 90,
  altitude: 12,
  mileage: 1234.5,
  state: 3,
  warning: 0,
  attached: '{"satellites":11,"signal":25}',
  event_time: 1763780000 + i,
  receive_time: 1763780000 + i,
});
const rows = Array.from({ length: 1000 }, (_, i) => row(i));
const inline = await openPositionSink(store, false);
const worker = await openPositionSink(store, true);
for (let round = 0; round < 3; round++)
  for (const [name, sink] of [
    ['inline', inline],
    ['worker', worker],
  ] as const) {
    const t = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < 30; i++) await sink.write(rows);
    const c = process.cpuUsage(cpu);
    console.log(
      name,
      ((performance.now() - t) / 30).toFixed(2),
      'ms wall per 1000 rows; cpu',
      ((c.user + c.system) / 1000 / 30).toFixed(2),
    );
  }
await worker.close();
await store.close();
