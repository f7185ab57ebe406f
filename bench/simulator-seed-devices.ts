// Registers load-test terminals in the server's store so the gateway accepts them (0x0100 needs a known device):
// a company "Load Test" with one vehicle + device per phone of `npm run simulate` / bench/simulator-load.ts.
//   node --import tsx bench/simulator-seed-devices.ts --count 20000 [--offset 0] [--database FILE|postgres://…]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, migrateToLatest, openStore } from '@headway/server';
import { companyByName, transitDb } from '@headway/server/lines';
import { loadPhone } from '@headway/simulator';
import type { Kysely } from 'kysely';

export async function seedLoadDevices(
  // biome-ignore lint/suspicious/noExplicitAny: the server's Kysely; only transit tables are written.
  db: Kysely<any>,
  count: number,
  offset = 0,
  phonePrefix = '1380000',
): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const { id: companyId } = await companyByName(db, 'Load Test', now);
  const tdb = transitDb(db);
  const phones = Array.from({ length: count }, (_, k) => loadPhone(offset + k + 1, phonePrefix));
  let created = 0;
  for (let i = 0; i < phones.length; i += 500) {
    const chunk = phones.slice(i, i + 500);
    const known = new Set(
      (await tdb.selectFrom('devices').select('terminal_phone').where('terminal_phone', 'in', chunk).execute()).map(
        (d) => d.terminal_phone,
      ),
    );
    const fresh = chunk.filter((p) => !known.has(p));
    if (fresh.length === 0) continue;
    await tdb
      .insertInto('devices')
      .values(
        fresh.map((p) => ({
          company_id: companyId,
          terminal_phone: p,
          imei: `86${p.padStart(13, '0')}`,
          protocol_version: '2013',
          device_type: 'LOAD',
          sim: '',
          created_at: now,
        })),
      )
      .execute();
    const ids = await tdb
      .selectFrom('devices')
      .select(['id', 'terminal_phone'])
      .where('terminal_phone', 'in', fresh)
      .execute();
    await tdb
      .insertInto('vehicles')
      .values(
        ids.map((d) => {
          const index = Number(d.terminal_phone.slice(phonePrefix.length));
          return {
            company_id: companyId,
            car_name: `L${index}`,
            lpn: `LOAD-${index}`,
            imei: `86${d.terminal_phone.padStart(13, '0')}`,
            channel: 'CH1,CH2',
            line_id: null,
            fleet_id: null,
            device_id: d.id,
            created_at: now,
          };
        }),
      )
      .execute();
    created += fresh.length;
  }
  return created;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '2000' },
      offset: { type: 'string', default: '0' },
      'phone-prefix': { type: 'string', default: '1380000' },
      database: { type: 'string' },
    },
  });
  const config = loadConfig();
  const target = values.database ?? config.databaseUrl;
  const store = openStore(
    target && /^postgres/.test(target)
      ? { engine: 'postgres', url: target }
      : { engine: 'sqlite', file: target ?? join(config.dataDir, 'headway.db') },
  );
  await migrateToLatest(store);
  const created = await seedLoadDevices(store.db, Number(values.count), Number(values.offset), values['phone-prefix']);
  console.log(`load devices: ${created} created, ${Number(values.count) - created} already known`);
  await store.close();
}
