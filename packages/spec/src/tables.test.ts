import { describe, expect, it } from 'vitest';
import { AUDIO_OUTPUT, avCodeName } from './av-codes.ts';
import type { BitTable } from './bits.ts';
import { CAPABILITY_BITS } from './capability-bits.ts';
import { COMMAND_STATES, DISPATCH_ACTIONS, MESSAGE_TARGETS, OPERATION_STATES } from './command-rules.ts';
import { DISPLAY_STATES } from './display-states.ts';
import { ERRORS } from './errors.ts';
import { LANGUAGES, type Label } from './labels.ts';
import { PARAMETERS } from './parameters.ts';
import { PERMISSIONS, ROLE_FLAGS, ROLE_LABELS } from './permissions.ts';
import { AREA_ATTRIBUTE_BITS, ROUTE_ATTRIBUTE_BITS, ROUTE_SEGMENT_ATTRIBUTE_BITS } from './region-attribute-bits.ts';
import { SAFETY_VEHICLE_STATUS_BITS } from './safety-vehicle-status-bits.ts';
import { STATE_BITS } from './state-bits.ts';
import { COMM_MODULE_BITS, GNSS_MODULE_BITS, TERMINAL_TYPE_BITS } from './terminal-attribute-bits.ts';
import { TERMINAL_LOAD, TERMINAL_STATUS_BITS } from './terminal-status-bits.ts';
import { TEXT_FLAG_BITS, TEXT_KIND_2019, TEXT_TYPES_2019 } from './text-flag-bits.ts';
import { WARNING_BITS } from './warning-bits.ts';

// Invariants every table keeps, so a new entry cannot break them unnoticed.

const BIT_TABLES: Record<string, BitTable> = {
  STATE_BITS,
  TERMINAL_STATUS_BITS,
  WARNING_BITS,
  CAPABILITY_BITS,
  PERMISSIONS,
  TERMINAL_TYPE_BITS,
  GNSS_MODULE_BITS,
  COMM_MODULE_BITS,
  SAFETY_VEHICLE_STATUS_BITS,
  TEXT_FLAG_BITS,
  AREA_ATTRIBUTE_BITS,
  ROUTE_ATTRIBUTE_BITS,
  ROUTE_SEGMENT_ATTRIBUTE_BITS,
};

/** Width of each standard's field: a table naming a bit past it would be read from the next field. */
const FIELD_WIDTH: Record<string, number> = {
  TERMINAL_TYPE_BITS: 16,
  GNSS_MODULE_BITS: 8,
  COMM_MODULE_BITS: 8,
  SAFETY_VEHICLE_STATUS_BITS: 16,
  TEXT_FLAG_BITS: 8,
  AREA_ATTRIBUTE_BITS: 16,
  ROUTE_ATTRIBUTE_BITS: 16,
  ROUTE_SEGMENT_ATTRIBUTE_BITS: 8,
};

const LABELS: [string, Label][] = [
  ...Object.entries(BIT_TABLES).flatMap(([table, bits]) =>
    Object.entries(bits).map(([name, def]): [string, Label] => [`${table}.${name}`, def.label]),
  ),
  ...Object.entries(ERRORS).map(([name, def]): [string, Label] => [`ERRORS.${name}`, def.message]),
  ...Object.entries(DISPLAY_STATES).map(([name, def]): [string, Label] => [`DISPLAY_STATES.${name}`, def.label]),
  ...Object.entries(PARAMETERS).map(([name, def]): [string, Label] => [`PARAMETERS.${name}`, def.label]),
  ...Object.entries(ROLE_LABELS).map(([name, label]): [string, Label] => [`ROLE_LABELS.${name}`, label]),
  ...Object.entries(TERMINAL_LOAD.values).map(([value, label]): [string, Label] => [`TERMINAL_LOAD.${value}`, label]),
  ...Object.entries(TEXT_KIND_2019.values).map(([value, label]): [string, Label] => [`TEXT_KIND_2019.${value}`, label]),
  ...Object.entries(TEXT_TYPES_2019).map(([value, label]): [string, Label] => [`TEXT_TYPES_2019.${value}`, label]),
  ...Object.entries(COMMAND_STATES).map(([state, def]): [string, Label] => [`COMMAND_STATES.${state}`, def.label]),
  ...Object.entries(MESSAGE_TARGETS).map(([target, def]): [string, Label] => [`MESSAGE_TARGETS.${target}`, def.label]),
  ...Object.entries(OPERATION_STATES).map(([state, def]): [string, Label] => [`OPERATION_STATES.${state}`, def.label]),
  ...Object.entries(DISPATCH_ACTIONS).map(([action, def]): [string, Label] => [
    `DISPATCH_ACTIONS.${action}`,
    def.label,
  ]),
  ...Object.entries(AUDIO_OUTPUT).map(([value, label]): [string, Label] => [`AUDIO_OUTPUT.${value}`, label]),
];

describe('AV codes', () => {
  it('name every encoding by the standard, custom codes by number, in the caller’s language', () => {
    expect([1, 6, 7, 8, 28, 98, 99, 100, 101, 111].map((c) => avCodeName(c, 'en'))).toEqual([
      'G.721',
      'G.711A',
      'G.711U',
      'G.726',
      'AMR',
      'H.264',
      'H.265',
      'AVS',
      'SVAC',
      'MG726',
    ]);
    expect(avCodeName(91, 'zh')).toBe('透传');
    expect(avCodeName(120, 'en')).toBe('Custom (120)');
    expect(avCodeName(55, 'th')).toBe('ไม่ทราบ (55)');
  });
});

describe('every spec table', () => {
  it.each(Object.entries(BIT_TABLES))('%s: bits are unique integers 0–31', (_, table) => {
    const bits = Object.values(table).map((d) => d.bit);
    for (const bit of bits) expect(Number.isInteger(bit) && bit >= 0 && bit <= 31).toBe(true);
    expect(new Set(bits).size).toBe(bits.length);
  });

  it.each(Object.entries(FIELD_WIDTH))('%s fits its %i-bit field', (name, width) => {
    for (const def of Object.values(BIT_TABLES[name] as BitTable)) expect(def.bit, name).toBeLessThan(width);
  });

  it('labels every entry in en, zh and th, none empty or padded', () => {
    expect(LABELS.length).toBeGreaterThan(100);
    for (const [where, label] of LABELS) {
      expect(Object.keys(label).sort(), where).toEqual([...LANGUAGES].sort());
      for (const language of LANGUAGES) {
        const text = label[language];
        expect(text.length > 0 && text === text.trim(), `${where}.${language}`).toBe(true);
      }
    }
  });

  it('translates: zh and th differ from en unless the text is a name (GPS, BDS, Galileo…)', () => {
    const names = /^[A-Z0-9 ./()-]+$|^Galileo$/;
    for (const [where, label] of LABELS) {
      if (names.test(label.en)) continue;
      expect(label.zh, where).not.toBe(label.en);
      expect(label.th, where).not.toBe(label.en);
    }
  });

  it('names all 32 bits of the warning word (JT/T 808 table 24)', () => {
    expect(Object.values(WARNING_BITS).map((d) => d.bit)).toEqual(Array.from({ length: 32 }, (_, i) => i));
  });

  it('has the spec section 4 state bits, capability bits and the named warning bits at their positions', () => {
    expect(Object.values(STATE_BITS).map((d) => d.bit)).toEqual([0, 1, 4, 5, 7, 8, 9, 13, 14, 15, 18, 19, 20, 21, 22]);
    expect(Object.values(CAPABILITY_BITS).map((d) => d.bit)).toEqual([5, 6, 10, 11]);
    const named = {
      sos: 0,
      speeding: 1,
      fatigue: 2,
      danger: 3,
      gnssFault: 4,
      gnssAntennaOpen: 5,
      gnssAntennaShort: 6,
      powerCut: 8,
      cameraFault: 11,
      speedWarning: 13,
      longParking: 19,
      routeDeviation: 23,
      collision: 29,
      rollover: 30,
    };
    for (const [name, bit] of Object.entries(named))
      expect(WARNING_BITS[name as keyof typeof WARNING_BITS].bit).toBe(bit);
  });

  it('has the 11 permission bits (spec section 6) and the three role flags', () => {
    expect(Object.keys(PERMISSIONS)).toEqual([
      'view',
      'add',
      'edit',
      'delete',
      'import',
      'export',
      'save',
      'submit',
      'cancel',
      'pass',
      'edit_gps',
    ]);
    expect(Object.values(PERMISSIONS).map((d) => d.bit)).toEqual(Array.from({ length: 11 }, (_, i) => i));
    expect(Object.keys(ROLE_LABELS)).toEqual([...ROLE_FLAGS]);
  });

  it("has the standards' positions for the 0x0107, T/JSATL 12, 0x8300 and area/route fields", () => {
    const positions = (table: BitTable) => Object.fromEntries(Object.entries(table).map(([n, d]) => [n, d.bit]));
    // JT/T 808 table 20 (2019 adds the trailer), reference §4.2.
    expect(positions(TERMINAL_TYPE_BITS)).toEqual({
      passenger: 0,
      dangerousGoods: 1,
      freight: 2,
      taxi: 3,
      hddRecording: 6,
      splitUnit: 7,
      trailer: 8,
    });
    expect(positions(GNSS_MODULE_BITS)).toEqual({ gps: 0, bds: 1, glonass: 2, galileo: 3 });
    expect(positions(COMM_MODULE_BITS)).toEqual({
      gprs: 0,
      cdma: 1,
      tdScdma: 2,
      wcdma: 3,
      cdma2000: 4,
      tdLte: 5,
      other: 7,
    });
    // T/JSATL 12 §4.5.2, reference §10.1.
    expect(positions(SAFETY_VEHICLE_STATUS_BITS)).toEqual({
      accOn: 0,
      leftIndicator: 1,
      rightIndicator: 2,
      wiper: 3,
      brake: 4,
      cardInserted: 5,
      positionFixed: 10,
    });
    // Reference §6: bit 1 reserved, 2019 kind in bits 0–1.
    expect(positions(TEXT_FLAG_BITS)).toEqual({ emergency: 0, display: 2, tts: 3, advertScreen: 4, canFaultCode: 5 });
    expect(TEXT_KIND_2019.mask << TEXT_KIND_2019.shift).toBe(0b11);
    // Reference §8: the route's attribute shares the area's positions; the segment moves south/west to 2/3.
    expect(positions(AREA_ATTRIBUTE_BITS)).toEqual({
      timeWindow: 0,
      speedLimit: 1,
      alarmDriverOnEntry: 2,
      alarmPlatformOnEntry: 3,
      alarmDriverOnExit: 4,
      alarmPlatformOnExit: 5,
      south: 6,
      west: 7,
      noDoorOpening: 8,
      commsOffInside: 14,
      collectGnssInside: 15,
    });
    for (const [name, def] of Object.entries(ROUTE_ATTRIBUTE_BITS))
      expect(def).toBe(AREA_ATTRIBUTE_BITS[name as keyof typeof AREA_ATTRIBUTE_BITS]);
    expect(positions(ROUTE_SEGMENT_ATTRIBUTE_BITS)).toEqual({ driveTimeLimits: 0, speedLimit: 1, south: 2, west: 3 });
  });
});
