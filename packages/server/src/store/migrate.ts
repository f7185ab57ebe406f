import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Store } from './db.ts';
import { foundation } from './migrations/0001-foundation.ts';
import { transit } from './migrations/0002-transit.ts';
import { gateway } from './migrations/0003-gateway.ts';
import { ingest } from './migrations/0004-ingest.ts';
import { lookupIndexes } from './migrations/0005-lookup-indexes.ts';
import { consoles } from './migrations/0006-consoles.ts';
import { gatewayNode } from './migrations/0007-gateway-node.ts';
import { lineVariants } from './migrations/0008-line-variants.ts';
import { alarms } from './migrations/0009-alarms.ts';
import { trackStorage } from './migrations/0010-track-storage.ts';
import { lineMap } from './migrations/0011-line-map.ts';
import { commands } from './migrations/0012-commands.ts';
import { regions } from './migrations/0013-regions.ts';
import { basicVehicles } from './migrations/0014-basic-vehicles.ts';
import { basicLines } from './migrations/0015-basic-lines.ts';
import { organisation } from './migrations/0016-organisation.ts';

// The one ordered list of migrations. Later issues append entries; names sort in order of application.
function migrations(store: Store): Record<string, Migration> {
  return {
    '0001-foundation': foundation(store.engine),
    '0002-transit': transit(store.engine),
    '0003-gateway': gateway(store.engine),
    '0004-ingest': ingest(store.engine),
    '0005-lookup-indexes': lookupIndexes(),
    '0006-consoles': consoles(store.engine),
    '0007-gateway-node': gatewayNode(),
    '0008-line-variants': lineVariants(store.engine),
    '0009-alarms': alarms(store.engine),
    '0010-track-storage': trackStorage(store.engine),
    '0011-line-map': lineMap(store.engine),
    '0012-commands': commands(store.engine),
    '0013-regions': regions(store.engine),
    '0014-basic-vehicles': basicVehicles(store.engine),
    '0015-basic-lines': basicLines(),
    '0016-organisation': organisation(store.engine),
  };
}

export async function migrateToLatest(store: Store): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(store) };
  const migrator = new Migrator({ db: store.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
