import { sql } from 'kysely';
import { openStore } from '../../packages/server/src/store/db.ts';
import { migrateToLatest } from '../../packages/server/src/store/migrate.ts';
import { insertPositions } from '../../packages/server/src/tracks/insert-positions.ts';

const store = openStore({ engine: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/insb' });
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
const types = [
  'int4',
  'text',
  'int4',
  'float8',
  'float8',
  'float4',
  'int4',
  'int4',
  'float8',
  'int8',
  'int8',
  'text',
  'int8',
  'int8',
];
async function viaUnnest() {
  const arrays = cols.map((c) => rows.map((r) => r[c]));
  await sql`insert into positions (${sql.raw(cols.join(','))}) select * from unnest(${sql.join(arrays.map((a, i) => sql`${a}::${sql.raw(types[i] as string)}[]`))})`.execute(
    store.db,
  );
}
for (const [name, fn] of [
  ['values', () => insertPositions(store.db, rows)],
  ['unnest', viaUnnest],
  ['values', () => insertPositions(store.db, rows)],
  ['unnest', viaUnnest],
] as const) {
  const t = performance.now();
  for (let i = 0; i < 20; i++) await fn();
  console.log(name, ((performance.now() - t) / 20).toFixed(2), 'ms per 1000 rows');
}
await store.close();
