import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { trackDb } from '../tracks/schema.ts';

/**
 * The ways a terminal phone may be written: as given, without its leading zeros, and zero-padded to the 12 digits
 * of the 2013 header and the 20 of 2019 (the registry keeps what was entered; callers may hold another form).
 */
export function phoneForms(phone: string): string[] {
  const stripped = phone.replace(/^0+/, '');
  return [...new Set([phone, stripped, stripped.padStart(12, '0'), stripped.padStart(20, '0')])];
}

/**
 * The gateway node holding the terminal's session, as the gateways record it (gateway/devices.ts setPresence);
 * undefined when no node holds it.
 */
export async function terminalHolder(db: Kysely<Database>, phone: string): Promise<string | undefined> {
  const row = await trackDb(db)
    .selectFrom('devices')
    .select('gateway_node')
    .where('terminal_phone', 'in', phoneForms(phone))
    .where('online', '=', 1)
    .where('gateway_node', 'is not', null)
    .executeTakeFirst();
  return row?.gateway_node ?? undefined;
}
