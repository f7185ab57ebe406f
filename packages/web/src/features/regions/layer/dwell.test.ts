import { describe, expect, it } from 'vitest';
import { dwellParts } from './dwell';

describe('a visit’s dwell', () => {
  it.each([
    [0, { key: 'seconds', values: { s: 0 } }],
    [45.7, { key: 'seconds', values: { s: 45 } }],
    [60, { key: 'minutes', values: { m: 1 } }],
    [3599, { key: 'minutes', values: { m: 59 } }],
    [37_200, { key: 'hours', values: { h: 10, m: 20 } }],
    [90_000, { key: 'days', values: { d: 1, h: 1 } }],
    [-5, { key: 'seconds', values: { s: 0 } }],
  ])('%d s reads as %o', (seconds, parts) => {
    expect(dwellParts(seconds)).toEqual(parts);
  });
});
