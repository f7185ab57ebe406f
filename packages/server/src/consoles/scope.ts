import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { consolesDb } from './schema.ts';

// The scoping rule (docs/decisions.md "Consoles"): a user assigned to one or more consoles sees only the vehicles
// bound to those consoles' lines; a user assigned to none sees the whole company. `undefined` means "whole
// company"; an empty set means "assigned, but the consoles have no lines": nothing.

export type LineScope = ReadonlySet<number> | undefined;

/** The lines a user's consoles allow, or undefined when the user is in no console. */
export async function lineScopeOf(db: Kysely<Database>, companyId: number, userId: number): Promise<LineScope> {
  return (await lineScopesOf(db, [userId], companyId)).get(userId) ?? undefined;
}

/**
 * The scopes of these users in one query (chunked): only users in at least one console appear in the answer.
 * Company ids are checked on both links, so a stale row can never pull in another company's line.
 */
export async function lineScopesOf(
  db: Kysely<Database>,
  userIds: readonly number[],
  companyId?: number,
): Promise<Map<number, Set<number>>> {
  const scopes = new Map<number, Set<number>>();
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = await consolesDb(db)
      .selectFrom('console_users as cu')
      .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'cu.user_id').onRef('u.company_id', '=', 'cu.company_id'))
      .leftJoin('console_routes as cr', (j) =>
        j.onRef('cr.console_id', '=', 'cu.console_id').onRef('cr.company_id', '=', 'cu.company_id'),
      )
      .select(['cu.user_id', 'cr.line_id'])
      .where('cu.user_id', 'in', userIds.slice(i, i + 500))
      .$if(companyId !== undefined, (q) => q.where('cu.company_id', '=', companyId ?? 0))
      .execute();
    for (const row of rows) {
      let lines = scopes.get(row.user_id);
      if (!lines) {
        lines = new Set();
        scopes.set(row.user_id, lines);
      }
      if (row.line_id !== null) lines.add(row.line_id);
    }
  }
  return scopes;
}

/**
 * The line each vehicle of the company is bound to, keyed by every name live frames use for it: the vehicle's
 * IMEI and its terminal phone (ingest keys real_data by IMEI, the raw gateway feed by terminal phone).
 * Vehicles without a line are absent: no console sees them.
 */
export async function vehicleLinesOf(db: Kysely<Database>, companyId: number): Promise<Map<string, number>> {
  const rows = await consolesDb(db)
    .selectFrom('vehicles as v')
    .leftJoin('devices as d', (j) => j.onRef('d.id', '=', 'v.device_id').onRef('d.company_id', '=', 'v.company_id'))
    .select(['v.imei', 'd.terminal_phone', 'v.line_id'])
    .where('v.company_id', '=', companyId)
    .where('v.line_id', 'is not', null)
    .execute();
  const lines = new Map<string, number>();
  for (const row of rows) {
    if (row.line_id === null) continue;
    if (row.imei) lines.set(row.imei, row.line_id);
    if (row.terminal_phone) lines.set(row.terminal_phone, row.line_id);
  }
  return lines;
}
