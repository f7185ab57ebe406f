import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openStore } from '../../packages/server/src/store/db.ts';
import { migrateToLatest } from '../../packages/server/src/store/migrate.ts';
import { insertPositions } from '../../packages/server/src/tracks/insert-positions.ts';

const engine = process.argv[2] ?? 'sqlite';
const store =
  engine === 'sqlite'
    ? openStore({ engine: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'x')), 'a.db') })
    : openStore({ engine: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/insb' });
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
const cols = [
  'company_id',
  'terminal_phone',
  'vehicle_id',
  'lat',
  'lng',
  'speed',
  'azimuth',
  'altitude',
  'mileage',
  'state',
  'warning',
  'attached',
  'event_time',
  'receive_time',
] as const;
async function viaJson() {
  const json = JSON.stringify(rows.map((r) => cols.map((c) => r[c])));
  if (engine === 'sqlite') {
    await sql`insert into positions (${sql.raw(cols.join(','))}) select ${sql.raw(cols.map((_, i) => `value->>${i}`).join(','))} from json_each(${json})`.execute(
      store.db,
    );
  } else {
    await sql`insert into positions (${sql.raw(cols.join(','))}) select ${sql.raw(cols.map((c, i) => `(v->>${i})::${c === 'terminal_phone' || c === 'attached' ? 'text' : c === 'lat' || c === 'lng' || c === 'mileage' || c === 'speed' ? 'float8' : 'bigint'}`).join(','))} from json_array_elements(${json}::json) as v`.execute(
      store.db,
    );
  }
}
for (const [name, fn] of [
  ['values', () => insertPositions(store.db, rows)],
  ['json', viaJson],
  ['values', () => insertPositions(store.db, rows)],
  ['json', viaJson],
] as const) {
  const t = performance.now();
  for (let i = 0; i < 50; i++) await fn();
  console.log(name, ((performance.now() - t) / 20).toFixed(2), 'ms per 1000 rows');
}
await store.close();
