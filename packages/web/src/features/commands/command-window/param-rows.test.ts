import { describe, expect, it } from 'vitest';
import { checkEdit, editsToWrite, idsToRead, mergeRead, rowsOfAll, shownValue } from './param-rows';

describe('the parameter table rules', () => {
  it('reads the companion port with an address, once', () => {
    expect(idsToRead([19])).toEqual([19, 24]);
    expect(idsToRead([24, 19, 1])).toEqual([24, 19, 1]);
  });

  it('shows scaled ids divided by 10 and sends them multiplied', () => {
    expect(shownValue(128, 123456)).toBe('12345.6');
    expect(checkEdit(128, '12345.6')).toEqual({ ok: true, value: 123456 });
    expect(checkEdit(128, '1.25')).toEqual({ ok: false, reason: 'decimal' });
    expect(shownValue(19, '10.0.0.7')).toBe('10.0.0.7');
    expect(shownValue(1, undefined)).toBe('');
  });

  it('sends numbers for the standard’s numeric ids without a rule, text otherwise', () => {
    expect(checkEdit(0xfff2, ' 12 ')).toEqual({ ok: true, value: 12 });
    expect(checkEdit(0x83, ' NY 1 ')).toEqual({ ok: true, value: 'NY 1' });
    expect(checkEdit(19, '300.1.1.1')).toEqual({ ok: false, reason: 'ipv4' });
  });

  it('writes nothing while one edit fails', () => {
    const result = editsToWrite(
      new Map([
        [1, '30'],
        [44, '5'],
      ]),
    );
    expect(result).toEqual({ ok: false, errors: new Map([[44, 'range']]) });
  });

  it('merges a partial read and lists a full one in id order', () => {
    expect(
      mergeRead(
        [{ id: 1 }, { id: 19 }],
        [
          { id: 19, value: 'a' },
          { id: 7, value: 3 },
        ],
      ),
    ).toEqual([{ id: 1 }, { id: 19, value: 'a' }, { id: 7, value: 3 }]);
    expect(
      rowsOfAll([
        { id: 9, value: 1 },
        { id: 2, value: 2 },
      ]).map((r) => r.id),
    ).toEqual([2, 9]);
  });
});
