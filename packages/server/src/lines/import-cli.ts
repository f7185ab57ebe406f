// `npm run import-gtfs -- FILE [--company NAME] [--database URL|FILE]`: imports a GTFS zip and prints counts.
// The store is the server's (DATABASE_URL, else <HEADWAY_DATA_DIR>/headway.db, see config.ts), migrated first.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openStore, storeConfigFrom } from '../store/db.ts';
import { migrateToLatest } from '../store/migrate.ts';
import { GtfsImportError } from './gtfs/problems.ts';
import { importGtfsFile } from './import-feed.ts';

/** A variant straying further than this from its main path is a branch (the engine's deviation threshold). */
const BRANCH_METRES = 70;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { company: { type: 'string' }, database: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
const file = positionals[0];
if (values.help || !file) {
  console.log('usage: npm run import-gtfs -- FILE.zip [--company NAME] [--database postgres://…|FILE.sqlite]');
  process.exit(file ? 0 : 2);
}

const platform = loadConfig();
const database = values.database ?? platform.databaseUrl;
const sqliteFile =
  database && !/^postgres/.test(database)
    ? resolve(process.env.INIT_CWD ?? process.cwd(), database)
    : join(platform.dataDir, 'headway.db');
const config = storeConfigFrom(database, sqliteFile);
if (config.engine === 'sqlite') mkdirSync(dirname(config.file), { recursive: true });
const store = openStore(config);
try {
  await migrateToLatest(store);
  const r = await importGtfsFile(store.db, resolve(process.env.INIT_CWD ?? process.cwd(), file), {
    companyName: values.company,
  });
  const c = r.plan.counts;
  console.log(
    `Imported ${file} into "${r.companyName}" (company ${r.companyId}${r.createdCompany ? ', new' : ''}) in ${r.millis} ms`,
  );
  console.log(
    `  feed:   ${c.routes} routes, ${c.stops} stops, ${c.trips} trips, ${c.stopTimes} stop times, ${c.shapes} shapes, ${c.blocks} blocks`,
  );
  console.log(
    `  stored: ${r.lines} lines, ${r.directions} directions (+${r.variants} variant paths), ${r.stations} stations, ` +
      `${r.busStops} bus stops, ` +
      `${r.services} services, ${r.departures} departures, ${r.duties} duties`,
  );
  const branches = r.plan.lines.flatMap((l) =>
    l.directions.flatMap((d) =>
      d.variants.filter((v) => v.maxOffset > BRANCH_METRES).map((v) => `${l.routeCode}/${d.direction} ${v.shapeId}`),
    ),
  );
  console.log(
    `  paths:  ${r.variants - branches.length} short turns on their main path, ${branches.length} branches ` +
      `(more than ${BRANCH_METRES} m off it)${branches.length ? `: ${branches.join(', ')}` : ''}`,
  );
  console.log(`  store:  ${config.engine === 'sqlite' ? config.file : 'PostgreSQL'}`);
} catch (err) {
  if (err instanceof GtfsImportError) {
    console.error(err.message);
    process.exitCode = 1;
  } else throw err;
} finally {
  await store.close();
}
