import { ALARM_RULE_NAMES, type AlarmRules, DEFAULT_ALARM_RULES } from '@headway/spec';
import type { Kysely } from 'kysely';
import { parseJson } from '../../store/json.ts';
import type { Database } from '../../store/schema.ts';

// The thresholds of the alarms the platform raises itself (docs/alarms.md "Detection"). One set per company, in
// `companies.config` under `alarm_rules`; a missing or malformed field takes the default. Speed limits can also
// be set per line (`lines.speed_limit`) and per vehicle (`vehicles.speed_limit`), which win over the company's.

export type { AlarmRules };
export { DEFAULT_ALARM_RULES };

const FIELDS = ALARM_RULE_NAMES;

/** The rules of a company from its `config` JSON text (`{"alarm_rules": {...}}`), defaults filled in. */
export function alarmRulesOf(configJson: string | null | undefined): AlarmRules {
  const given = parseJson<{ alarm_rules?: unknown }>(configJson, {}).alarm_rules;
  const rules: AlarmRules = { ...DEFAULT_ALARM_RULES };
  if (typeof given !== 'object' || given === null) return rules;
  for (const field of FIELDS) {
    const value = (given as Record<string, unknown>)[field];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) rules[field] = value;
  }
  return rules;
}

/** Every company's rules (the ingest's directory reloads them with the vehicles). */
export async function loadAlarmRules(db: Kysely<Database>): Promise<Map<number, AlarmRules>> {
  const rows = await db.selectFrom('companies').select(['id', 'config']).execute();
  return new Map(rows.map((r) => [r.id, alarmRulesOf(r.config)]));
}
