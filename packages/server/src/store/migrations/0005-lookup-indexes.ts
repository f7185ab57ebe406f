import type { Kysely } from 'kysely';

// Indexes for the gateway's per-connection lookups, found by the 19,000-terminal load run: registration joins
// devices to vehicles on vehicles.device_id and checks the plate (company_id, lpn) — without these, each 0x0100
// scanned the vehicles table and a fleet reconnecting after a restart registered at ~150 terminals/s.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function lookupIndexes() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.createIndex('vehicles_device').on('vehicles').column('device_id').execute();
      await db.schema.createIndex('vehicles_company_lpn').on('vehicles').columns(['company_id', 'lpn']).execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.dropIndex('vehicles_company_lpn').execute();
      await db.schema.dropIndex('vehicles_device').execute();
    },
  };
}
