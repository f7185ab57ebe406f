import type { Kysely } from 'kysely';
import { parseJson } from '../../store/json.ts';
import type { Database } from '../../store/schema.ts';

// The thresholds of the alarms the platform raises itself (docs/alarms.md "Detection"). One set per company, in
// `companies.config` under `alarm_rules`; a missing or malformed field takes the default. Speed limits can also
// be set per line (`lines.speed_limit`) and per vehicle (`vehicles.speed_limit`), which win over the company's.

export interface AlarmRules {
  /** km/h above which a vehicle is over speed when neither it nor its line has a limit; 0 = no default limit. */
  over_speed_kmh: number;
  /** Seconds the speed must stay above the limit before the alarm is raised. */
  over_speed_seconds: number;
  /** Minutes without any report before the offline alarm; 0 = off. */
  offline_minutes: number;
  /** Minutes standing still (speed < 1 km/h) outside a depot before the long-parking alarm; 0 = off. */
  parking_minutes: number;
  /** Metres from a depot (until the regions issue: the first and last stations of the vehicle's line). */
  depot_radius_m: number;
}

/** City buses: 60 km/h is above any urban limit they run at, so the default flags real speeding only. */
export const DEFAULT_ALARM_RULES: Readonly<AlarmRules> = Object.freeze({
  over_speed_kmh: 60,
  over_speed_seconds: 10,
  offline_minutes: 30,
  parking_minutes: 20,
  depot_radius_m: 300,
});

const FIELDS = Object.keys(DEFAULT_ALARM_RULES) as (keyof AlarmRules)[];

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
