import { describe, expect, it } from 'vitest';
import { nextEmployeeNumber, peaksRule } from './organisation.ts';

describe('organisation rules', () => {
  it('numbers the next employee after the largest', () => {
    expect(nextEmployeeNumber(null)).toBe('0001');
    expect(nextEmployeeNumber('D0099')).toBe('D0100');
    expect(nextEmployeeNumber('E9')).toBe('E10');
    expect(nextEmployeeNumber('BOSS')).toBe('BOSS1');
  });

  it('accepts up to three peak spans, each start before end', () => {
    expect(peaksRule('')).toBeNull();
    expect(peaksRule('07:00-09:00, 17:00-19:00')).toBeNull();
    expect(peaksRule('09:00-07:00')).toBe('format');
    expect(peaksRule('7:00-9:00')).toBe('format');
    expect(peaksRule('06:00-07:00,08:00-09:00,10:00-11:00,12:00-13:00')).toBe('tooMany');
  });
});
