import type { AlarmRealResult } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { GNSS_FAULT, realRow, SPEEDING } from '../centre/test-alarms';
import { rowKey, shareRows } from './shared-rows';

/** The same answer as the server sends it again: equal, but every object new (as parsed from JSON). */
const again = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('structural sharing of the live list by row key', () => {
  const a = realRow(1, SPEEDING);
  const b = realRow(2, SPEEDING);
  const c = realRow(null, GNSS_FAULT);
  const first: AlarmRealResult = { total: 3, rows: [a, b, c] };

  it('keys a row by vehicle (else terminal) and type', () => {
    expect(rowKey(a)).toBe(`1:${SPEEDING}:0`);
    expect(rowKey(c)).toBe(`${c.imei}:${GNSS_FAULT}:0`);
    expect(rowKey({ ...a, alarm_type: 3 })).not.toBe(rowKey(a));
  });

  it('answers the previous data itself when the new answer is equal', () => {
    expect(shareRows(undefined, first)).toBe(first);
    expect(shareRows(first, again(first))).toBe(first);
  });

  it('keeps unchanged rows as they were wherever they moved, and takes changed and new ones', () => {
    const bMore = realRow(2, SPEEDING, 2);
    const d = realRow(4, SPEEDING);
    const next = shareRows(first, again({ total: 5, rows: [d, bMore, a, c] }));
    expect(next).not.toBe(first);
    expect(next.total).toBe(5);
    expect(next.rows.map(rowKey)).toEqual([d, bMore, a, c].map(rowKey));
    expect(next.rows[2]).toBe(a);
    expect(next.rows[3]).toBe(c);
    expect(next.rows[1]).toEqual(bMore);
    expect(next.rows[1]).not.toBe(b);
    expect(next.rows[0]).toEqual(d);
  });

  it('is a new answer when only the total or the order changed', () => {
    expect(shareRows(first, again({ ...first, total: 4 }))).not.toBe(first);
    const reordered = shareRows(first, again({ total: 3, rows: [b, a, c] }));
    expect(reordered).not.toBe(first);
    expect(reordered.rows).toEqual([b, a, c]);
    expect(reordered.rows[0]).toBe(b);
  });
});
