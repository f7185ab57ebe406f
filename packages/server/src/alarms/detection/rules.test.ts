import { describe, expect, it } from 'vitest';
import { alarmRulesOf, DEFAULT_ALARM_RULES } from './rules.ts';

describe('alarm rules from companies.config', () => {
  it('takes the given fields and the defaults for the rest', () => {
    expect(
      alarmRulesOf('{"multiple_search_limit":60,"alarm_rules":{"over_speed_kmh":50,"offline_minutes":0}}'),
    ).toEqual({
      ...DEFAULT_ALARM_RULES,
      over_speed_kmh: 50,
      offline_minutes: 0,
    });
  });

  it('ignores what is not a number of zero or more, and a config that is not JSON', () => {
    expect(
      alarmRulesOf('{"alarm_rules":{"over_speed_kmh":-5,"parking_minutes":"20","depot_radius_m":null,"x":1}}'),
    ).toEqual(DEFAULT_ALARM_RULES);
    expect(alarmRulesOf('{"alarm_rules":7}')).toEqual(DEFAULT_ALARM_RULES);
    expect(alarmRulesOf('not json')).toEqual(DEFAULT_ALARM_RULES);
    expect(alarmRulesOf(null)).toEqual(DEFAULT_ALARM_RULES);
  });
});
