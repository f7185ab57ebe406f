import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { INT32_RANGE, nonFiniteAt, withIntegerBounds } from './numeric-input.ts';

describe('numeric request input', () => {
  it('gives every integer the 32-bit bounds its schema leaves open, without touching the original', () => {
    const schema = Type.Object({
      id: Type.Integer(),
      page: Type.Integer({ minimum: 1 }),
      ids: Type.Array(Type.Integer({ minimum: 1, maximum: 9 })),
      big: Type.Integer({ exclusiveMaximum: 2 ** 40 }),
      ratio: Type.Number(),
    });
    const bounded = withIntegerBounds(schema);
    expect(bounded.properties.id).toMatchObject(INT32_RANGE);
    expect(bounded.properties.page).toMatchObject({ minimum: 1, maximum: INT32_RANGE.maximum });
    expect(bounded.properties.ids.items).toMatchObject({ minimum: 1, maximum: 9 });
    expect(bounded.properties.big).toEqual({
      type: 'integer',
      exclusiveMaximum: 2 ** 40,
      minimum: INT32_RANGE.minimum,
    });
    expect(bounded.properties.ratio).toEqual({ type: 'number' });
    expect(schema.properties.id).toEqual({ type: 'integer' });
  });

  it('finds a non-finite number anywhere in an input, by its path', () => {
    expect(nonFiniteAt({ page: 1, search: 'Infinity' })).toBeUndefined();
    expect(nonFiniteAt({ page: Number.POSITIVE_INFINITY })).toBe('page');
    expect(nonFiniteAt({ ids: [1, 2, Number.NEGATIVE_INFINITY] })).toBe('ids.2');
    expect(nonFiniteAt({ a: { b: Number.NaN } })).toBe('a.b');
    expect(nonFiniteAt(Number.NaN)).toBe('');
    expect(nonFiniteAt(Buffer.from('x'))).toBeUndefined();
  });
});
