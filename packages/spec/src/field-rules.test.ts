import { describe, expect, it } from 'vitest';
import {
  codeRule,
  dateRule,
  integerRule,
  isMaskOf,
  maskSensitive,
  nameRule,
  phoneRule,
  remarkRule,
} from './field-rules.ts';

describe('generic field rules (spec section 5)', () => {
  it('names are required and 3 to 64 characters after trimming', () => {
    expect(nameRule('')).toBe('required');
    expect(nameRule('   ')).toBe('required');
    expect(nameRule('ab')).toBe('length');
    expect(nameRule(' abc ')).toBeNull();
    expect(nameRule('x'.repeat(64))).toBeNull();
    expect(nameRule('x'.repeat(65))).toBe('length');
  });

  it('remarks are at most 255 characters', () => {
    expect(remarkRule(undefined)).toBeNull();
    expect(remarkRule('x'.repeat(255))).toBeNull();
    expect(remarkRule('x'.repeat(256))).toBe('tooLong');
  });

  it('phones are optional digits with an optional + and separators', () => {
    expect(phoneRule('')).toBeNull();
    expect(phoneRule('+66 81 234 5678')).toBeNull();
    expect(phoneRule('718-555-0101')).toBeNull();
    expect(phoneRule('13800138000')).toBeNull();
    expect(phoneRule('12a45')).toBe('format');
    expect(phoneRule('123')).toBe('format');
    expect(phoneRule('1234-')).toBe('format');
  });

  it('codes are required, short and without spaces', () => {
    expect(codeRule('')).toBe('required');
    expect(codeRule('D0012')).toBeNull();
    expect(codeRule('D 12')).toBe('format');
    expect(codeRule('x'.repeat(33))).toBe('tooLong');
  });

  it('dates are real days', () => {
    expect(dateRule('')).toBeNull();
    expect(dateRule('1990-02-28')).toBeNull();
    expect(dateRule('1990-02-30')).toBe('format');
    expect(dateRule('1990/02/01')).toBe('format');
  });

  it('integers within bounds', () => {
    expect(integerRule(undefined)).toBeNull();
    expect(integerRule(undefined, { required: true })).toBe('required');
    expect(integerRule('12', { min: 0 })).toBeNull();
    expect(integerRule('1.5')).toBe('number');
    expect(integerRule(-1, { min: 0 })).toBe('number');
  });

  it('masks sensitive values: under 8 keeps 2 at each end, longer keeps 4, never the whole value', () => {
    expect(maskSensitive('')).toBe('');
    expect(maskSensitive('AB')).toBe('****');
    expect(maskSensitive('ABCD')).toBe('A****D');
    expect(maskSensitive('ABCDE')).toBe('AB****DE');
    expect(maskSensitive('ABCDEFG')).toBe('AB****FG');
    expect(maskSensitive('ABCDEFGH')).toBe('ABC****FGH');
    expect(maskSensitive('110101199003071234')).toBe('1101****1234');
    expect(isMaskOf('1101****1234', '110101199003071234')).toBe(true);
    expect(isMaskOf('110101199003071234', '110101199003071234')).toBe(false);
  });
});
