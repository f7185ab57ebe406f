import { describe, expect, it } from 'vitest';
import type { BitTable } from './bits.ts';
import { CAPABILITY_BITS } from './capability-bits.ts';
import { DISPLAY_STATES } from './display-states.ts';
import { ERRORS } from './errors.ts';
import { LANGUAGES, type Label } from './labels.ts';
import { PARAMETERS } from './parameters.ts';
import { PERMISSIONS, ROLE_FLAGS, ROLE_LABELS } from './permissions.ts';
import { STATE_BITS } from './state-bits.ts';
import { TERMINAL_LOAD, TERMINAL_STATUS_BITS } from './terminal-status-bits.ts';
import { WARNING_BITS } from './warning-bits.ts';

// Invariants every table keeps, so a new entry cannot break them unnoticed.

const BIT_TABLES: Record<string, BitTable> = {
  STATE_BITS,
  TERMINAL_STATUS_BITS,
  WARNING_BITS,
  CAPABILITY_BITS,
  PERMISSIONS,
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
];

describe('every spec table', () => {
  it.each(Object.entries(BIT_TABLES))('%s: bits are unique integers 0–31', (_, table) => {
    const bits = Object.values(table).map((d) => d.bit);
    for (const bit of bits) expect(Number.isInteger(bit) && bit >= 0 && bit <= 31).toBe(true);
    expect(new Set(bits).size).toBe(bits.length);
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
});
