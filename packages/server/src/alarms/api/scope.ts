import type { ExpressionBuilder, Kysely } from 'kysely';
import type { SessionContext } from '../../auth/session-context.ts';
import { type LineScope, lineScopeOf } from '../../consoles/scope.ts';
import type { TransitTables } from '../../lines/schema.ts';
import type { Database } from '../../store/schema.ts';
import { type AlarmTables, alarmsDb } from '../schema.ts';

// Which alarms a caller may see or handle: their company's, and when they sit in a console, those of the vehicles
// bound to its lines today (docs/decisions.md "Dispatch consoles", the rule the map, the depart/arrive search and
// the live channel apply). An alarm without a known vehicle belongs to no line, so only company-wide users see it.

export type AlarmDb = Database & AlarmTables & TransitTables;

export function alarmApiDb(db: Kysely<Database>): Kysely<AlarmDb> {
  return alarmsDb(db).withTables<TransitTables>();
}

export interface AlarmScope {
  companyId: number;
  /** undefined: the whole company; a set: only vehicles of these lines (empty: nothing). */
  lines: LineScope;
}

export async function alarmScopeOf(
  db: Kysely<Database>,
  session: Pick<SessionContext, 'companyId' | 'userId'>,
): Promise<AlarmScope> {
  return { companyId: session.companyId, lines: await lineScopeOf(db, session.companyId, session.userId) };
}

/** A console whose lines are none: every query would answer nothing, so callers skip the database. */
export function seesNothing(scope: AlarmScope): boolean {
  return scope.lines !== undefined && scope.lines.size === 0;
}

/** The WHERE condition of the scope, for selects and updates of `alarms` alike. */
export function inScope(scope: AlarmScope) {
  return (eb: ExpressionBuilder<AlarmDb, 'alarms'>) => {
    const own = eb('alarms.company_id', '=', scope.companyId);
    if (scope.lines === undefined) return own;
    // `IN ()` is not SQL: an empty console matches nothing (callers usually skip the query: seesNothing).
    if (scope.lines.size === 0) return eb.and([own, eb(eb.val(1), '=', eb.val(0))]);
    const vehicles = eb
      .selectFrom('vehicles')
      .select('vehicles.id')
      .where('vehicles.company_id', '=', scope.companyId)
      .where('vehicles.line_id', 'in', [...scope.lines]);
    return eb.and([own, eb('alarms.car_id', 'in', vehicles)]);
  };
}
