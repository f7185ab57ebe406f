import type { Kysely } from 'kysely';

// Several gateway nodes on one database (docs/live.md "Several nodes"): each device row names the gateway node
// holding its session, so a node starting or stopping marks offline only its own terminals, not those another
// live node holds. Null when offline (or last seen by a gateway older than this migration).

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

export function gatewayNode() {
  return {
    async up(db: AnyDb): Promise<void> {
      await db.schema.alterTable('devices').addColumn('gateway_node', 'varchar(128)').execute();
    },
    async down(db: AnyDb): Promise<void> {
      await db.schema.alterTable('devices').dropColumn('gateway_node').execute();
    },
  };
}
