import type { AlarmRealResult, AlarmRealRow } from '@headway/server/contract';
import { replaceEqualDeep } from '@tanstack/react-query';

/** A row's identity across fetches: the vehicle (its terminal when none) and the alarm type. */
export function rowKey(row: AlarmRealRow): string {
  return `${row.car_id ?? row.imei}:${row.platform_alarm_id}:${row.alarm_type}`;
}

/**
 * Structural sharing by row key (the list query's `structuralSharing`): a row equal to the one fetched before under
 * the same key is that same object, wherever it moved in the list, and an answer equal to the last is the last.
 * TanStack Query's own sharing pairs rows by position, so one new row at the top would make every row below it a
 * new object; by key, the table's memoised cells re-render only for rows that changed.
 */
export function shareRows(previous: AlarmRealResult | undefined, next: AlarmRealResult): AlarmRealResult {
  if (!previous) return next;
  const byKey = new Map(previous.rows.map((row) => [rowKey(row), row]));
  let same = previous.total === next.total && previous.rows.length === next.rows.length;
  const rows = next.rows.map((row, index) => {
    const before = byKey.get(rowKey(row));
    const kept = before === undefined ? row : replaceEqualDeep(before, row);
    if (kept !== previous.rows[index]) same = false;
    return kept;
  });
  return same ? previous : { ...next, rows };
}
