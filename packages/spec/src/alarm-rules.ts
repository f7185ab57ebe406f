// The thresholds of the alarms the platform raises itself (docs/alarms.md "Detection", "Setting the rules"): each
// with its default and its bounds, once. The server's detector takes the defaults, the API's validation the
// bounds, the console's form both. Bounds keep a typo from switching an alarm off for a week or flagging every
// bus: 200 km/h, an hour, a week (10,080 minutes), 5 km.

export const ALARM_RULES = {
  /** km/h when neither the vehicle nor its line has a limit; 0 = no default limit. City buses: 60 flags real speeding. */
  over_speed_kmh: { default: 60, max: 200, unit: 'kmh' },
  /** Seconds the speed must stay above the limit before the alarm. */
  over_speed_seconds: { default: 10, max: 3600, unit: 'seconds' },
  /** Minutes without any report before the offline alarm; 0 = off. */
  offline_minutes: { default: 30, max: 10_080, unit: 'minutes' },
  /** Minutes standing still (speed < 1 km/h) outside a depot before the long-parking alarm; 0 = off. */
  parking_minutes: { default: 20, max: 10_080, unit: 'minutes' },
  /** Metres from a depot (until the regions issue: the first and last stations of the vehicle's line). */
  depot_radius_m: { default: 300, max: 5000, unit: 'metres' },
} as const;

export type AlarmRuleName = keyof typeof ALARM_RULES;
export type AlarmRules = { [K in AlarmRuleName]: number };

export const ALARM_RULE_NAMES = Object.keys(ALARM_RULES) as AlarmRuleName[];

export const DEFAULT_ALARM_RULES: Readonly<AlarmRules> = Object.freeze(
  Object.fromEntries(ALARM_RULE_NAMES.map((name) => [name, ALARM_RULES[name].default])) as AlarmRules,
);

/** A line's or a vehicle's own speed limit, km/h (null inherits, 0 = no limit). */
export const SPEED_LIMIT_MAX = 200;
