import type { TFunction } from 'i18next';

// Names of a line's directions (spec: direction 1 up, 2 down; a one-way loop has just the loop).

export function directionName(t: TFunction<'lines'>, category: number, direction: number): string {
  if (category === 1) return t('lines.directions.loop');
  if (direction === 1) return t('lines.directions.up');
  if (direction === 2) return t('lines.directions.down');
  return t('lines.directions.other', { direction });
}

/** Minutes with one decimal under ten (a bunched pair is seconds apart), whole minutes above. */
export function formatMinutes(seconds: number): string {
  const minutes = seconds / 60;
  return minutes < 10 ? minutes.toFixed(1) : String(Math.round(minutes));
}
