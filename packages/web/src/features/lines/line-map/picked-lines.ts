import { useCallback, useMemo, useState } from 'react';
import type { OwnLine } from '../api';

// Which lines the line map shows, remembered per browser (spec section 9: local storage holds the console's view
// choices). The first visit shows the first two lines; a remembered line the user no longer has is dropped.

export const PICKED_LINES_KEY = 'headway_line_map_lines';
const FIRST_VISIT = 2;

function readPicked(storage: Pick<Storage, 'getItem'> | null): string[] | null {
  try {
    const raw = storage?.getItem(PICKED_LINES_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === 'string') : null;
  } catch {
    return null;
  }
}

export function pickedOf(lines: readonly OwnLine[], remembered: readonly string[] | null): string[] {
  const own = new Set(lines.map((l) => l.route_code));
  if (remembered === null) return lines.slice(0, FIRST_VISIT).map((l) => l.route_code);
  return remembered.filter((c) => own.has(c));
}

export function usePickedLines(lines: readonly OwnLine[]): [string[], (codes: string[]) => void] {
  const storage = typeof localStorage === 'undefined' ? null : localStorage;
  const [remembered, setRemembered] = useState<string[] | null>(() => readPicked(storage));
  const picked = useMemo(() => pickedOf(lines, remembered), [lines, remembered]);
  const pick = useCallback(
    (codes: string[]) => {
      setRemembered(codes);
      try {
        storage?.setItem(PICKED_LINES_KEY, JSON.stringify(codes));
      } catch {
        // Private mode or a full quota: the choice holds for this visit.
      }
    },
    [storage],
  );
  return [picked, pick];
}
