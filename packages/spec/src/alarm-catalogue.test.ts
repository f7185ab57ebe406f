import { describe, expect, it } from 'vitest';
import {
  ALARM_GROUPS,
  alarmLabel,
  alarmTextCode,
  PLATFORM_ALARMS,
  platformAlarm,
  safetyAlarmCode,
  tpmsAlarmCode,
  WARNING_BIT_ALARM_CODES,
} from './alarm-catalogue.ts';
import { WARNING_BITS } from './warning-bits.ts';

describe('alarm catalogue', () => {
  it('has each code once, in a known group, worded in every language', () => {
    const codes = PLATFORM_ALARMS.map((d) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const d of PLATFORM_ALARMS) {
      expect(ALARM_GROUPS[d.group]).toBeDefined();
      for (const text of Object.values(d.label)) expect(text.trim()).not.toBe('');
    }
  });

  it('covers the ranges the spec names', () => {
    for (const code of [1, 2, 1001, 1010, 1101, 25601, 25617, 25857, 25884, 59392]) {
      expect(platformAlarm(code), String(code)).toBeDefined();
    }
  });

  it('gives every bit of the alarm word its own code, worded as the warning bit', () => {
    expect(WARNING_BIT_ALARM_CODES).toHaveLength(32);
    expect(new Set(WARNING_BIT_ALARM_CODES).size).toBe(32);
    expect(WARNING_BIT_ALARM_CODES[WARNING_BITS.sos.bit]).toBe(1);
    expect(platformAlarm(WARNING_BIT_ALARM_CODES[WARNING_BITS.routeDeviation.bit] as number)?.label).toBe(
      WARNING_BITS.routeDeviation.label,
    );
  });

  it('maps T/JSATL12 types by arithmetic', () => {
    expect(safetyAlarmCode(0x64, 1)).toBe(25601);
    expect(platformAlarm(safetyAlarmCode(0x65, 2))?.label.en).toBe('Phone call while driving');
    expect(platformAlarm(tpmsAlarmCode(2))?.label.en).toBe('Tyre pressure low');
  });

  it('words ADAS, DSM and FM alarms by their type and the rest by platform_alarm_id', () => {
    expect(alarmTextCode({ device_type: 'DSM', alarm_type: 3, platform_alarm_id: 1 })).toBe(0x6503);
    expect(alarmTextCode({ device_type: 'FM', alarm_type: 1, platform_alarm_id: 1 })).toBe(0x6501);
    expect(alarmTextCode({ device_type: 'GPS', alarm_type: 0, platform_alarm_id: 1 })).toBe(1);
    expect(alarmLabel(1, 'zh')).toBe('紧急报警');
    expect(alarmLabel(100_001, 'en', () => 'Door left open')).toBe('Door left open');
    expect(alarmLabel(99, 'en')).toBe('#99');
  });
});
