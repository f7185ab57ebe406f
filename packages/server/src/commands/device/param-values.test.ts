import { describe, expect, it } from 'vitest';
import { isApiError } from '../../kernel/errors.ts';
import { paramRow, wireParam, withCompanions } from './param-values.ts';

const refusal = (id: number, value: number | string) => {
  try {
    wireParam(id, value);
  } catch (error) {
    return isApiError(error) ? { code: error.code, details: error.details } : error;
  }
  return undefined;
};

describe('parameter values', () => {
  it('passes wire values that meet the spec rule as shown and the standard type', () => {
    expect(wireParam(1, 5)).toEqual({ id: 1, value: 5 });
    expect(wireParam(1, ' 86400 ')).toEqual({ id: 1, value: 86_400 });
    expect(wireParam(91, 2000)).toEqual({ id: 91, value: 2000 });
    expect(wireParam(128, 10_000_000)).toEqual({ id: 128, value: 10_000_000 });
    expect(wireParam(128, 3)).toEqual({ id: 128, value: 3 });
    expect(wireParam(19, ' 10.1.2.3 ')).toEqual({ id: 19, value: '10.1.2.3' });
    expect(wireParam(0x83, ' 粤B1 ')).toEqual({ id: 0x83, value: '粤B1' });
    expect(wireParam(0x0002, 0xffff_ffff)).toEqual({ id: 2, value: 0xffff_ffff });
    expect(wireParam(0x0075, '0102FE')).toEqual({ id: 0x75, value: new Uint8Array([1, 2, 0xfe]) });
  });

  it('refuses with 1004 naming the id and the reason', () => {
    expect(refusal(1, 4)).toEqual({ code: 1004, details: { field: 'params', id: 1, reason: 'range' } });
    expect(refusal(1, 5.5)).toMatchObject({ details: { id: 1, reason: 'integer' } });
    expect(refusal(1, 'five')).toMatchObject({ details: { reason: 'integer' } });
    expect(refusal(24, 65_536)).toMatchObject({ details: { id: 24, reason: 'range' } });
    expect(refusal(48, 29)).toMatchObject({ details: { id: 48, reason: 'range' } });
    expect(refusal(91, 2001)).toMatchObject({ details: { id: 91, reason: 'integer' } });
    expect(refusal(91, 2010)).toMatchObject({ details: { id: 91, reason: 'range' } });
    expect(refusal(0x84, -1)).toMatchObject({ details: { id: 0x84, reason: 'range' } });
    expect(refusal(0x0002, 0x1_0000_0000)).toMatchObject({ details: { reason: 'range' } });
    expect(refusal(0x83, '   ')).toMatchObject({ details: { id: 0x83, reason: 'required' } });
    expect(refusal(0x83, 'a'.repeat(256))).toMatchObject({ details: { reason: 'length' } });
    expect(refusal(0x75, 12)).toMatchObject({ details: { id: 0x75, reason: 'hex' } });
    expect(refusal(0xabcd, 'f')).toMatchObject({ details: { id: 0xabcd, reason: 'hex' } });
  });

  it('shows raw values as hex and reads the companion of 19', () => {
    expect(paramRow({ id: 0x75, value: new Uint8Array([0, 0xab]) })).toEqual({ id: 0x75, value: '00ab' });
    expect(paramRow({ id: 1, value: 30 })).toEqual({ id: 1, value: 30 });
    expect(withCompanions([1, 19, 24])).toEqual([1, 19, 24]);
    expect(withCompanions([19])).toEqual([19, 24]);
  });
});
