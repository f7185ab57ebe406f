import { ALARM_RULE_NAMES, ALARM_RULES, SPEED_LIMIT_MAX } from '@headway/spec';
import type { AlarmRulesBody, SpeedLimitBody } from '../api';

/** The rules in the form's order, with their bounds (the server refuses anything outside, 1004). */
export const RULE_FIELDS = ALARM_RULE_NAMES.map((name) => ({
  name,
  max: ALARM_RULES[name].max,
  unit: ALARM_RULES[name].unit,
}));

export { SPEED_LIMIT_MAX };

/** What the form holds: an InputNumber that was cleared gives null. */
export type AlarmRulesFormValues = { [K in keyof AlarmRulesBody]: number | null };

/** The PUT body: whole numbers; the form's rules keep a cleared field from getting here. */
export function alarmRulesBody(values: AlarmRulesFormValues): AlarmRulesBody {
  const body = {} as AlarmRulesBody;
  for (const { name } of RULE_FIELDS) body[name] = Math.round(values[name] ?? 0);
  return body;
}

/** A line's or vehicle's limit as edited: empty (null or undefined) inherits, 0 is "no limit". */
export function speedLimitBody(
  kind: SpeedLimitBody['kind'],
  id: number,
  value: number | null | undefined,
): SpeedLimitBody {
  return { kind, id, speed_limit: value === null || value === undefined ? null : Math.round(value) };
}
