import { ALARM_GROUPS, ALARM_LEVELS, DEVICE_TYPE_LABELS, type Label, labelIn } from '@headway/spec';

// Levels, device types and groups in the console's language, from @headway/spec's tables. The alarm's own name
// follows the spec's text rule in ../alarm-text.ts.

function tableLabel(table: { readonly [key: string]: Label }, key: string | number, language: string): string {
  const label = table[key];
  return label ? labelIn(label, language) : String(key);
}

export const levelLabel = (level: number, language: string) => tableLabel(ALARM_LEVELS, level, language);
export const deviceTypeLabel = (type: string, language: string) => tableLabel(DEVICE_TYPE_LABELS, type, language);
export const groupLabel = (group: number, language: string) => tableLabel(ALARM_GROUPS, group, language);

/** Tag colour of a level: emergencies red, level 2 orange, level 1 gold. */
export function levelColor(level: number): string {
  return level >= 3 ? 'red' : level === 2 ? 'orange' : 'gold';
}
