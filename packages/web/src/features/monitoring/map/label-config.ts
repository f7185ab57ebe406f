// Which real-data rows the info box shows (spec section 9: moving time and vehicle type off by default,
// others on; stored locally).

export const LABELS = [
  'origin',
  'progress',
  'state',
  'warning',
  'satellites',
  'passengers',
  'card',
  'serialDirection',
  'arrivalDeparture',
  'speed',
  'mileage',
  'nextStation',
  'deviation',
  'vehicleType',
  'approvedNumber',
  'eventTime',
  'receiveTime',
  'movingTime',
  'address',
] as const;
export type LabelKey = (typeof LABELS)[number];
export type LabelConfig = Record<LabelKey, boolean>;

const LABEL_STORAGE_KEY = 'headway_map_labels';
const OFF_BY_DEFAULT: readonly LabelKey[] = ['movingTime', 'vehicleType'];

export function defaultLabels(): LabelConfig {
  return Object.fromEntries(LABELS.map((k) => [k, !OFF_BY_DEFAULT.includes(k)])) as LabelConfig;
}

export function readLabels(storage: Pick<Storage, 'getItem'> | null): LabelConfig {
  const config = defaultLabels();
  try {
    const stored = JSON.parse(storage?.getItem(LABEL_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    for (const key of LABELS) if (typeof stored[key] === 'boolean') config[key] = stored[key] as boolean;
  } catch {
    // Ignore a malformed entry.
  }
  return config;
}

export function writeLabels(storage: Pick<Storage, 'setItem'> | null, config: LabelConfig): void {
  try {
    storage?.setItem(LABEL_STORAGE_KEY, JSON.stringify(config));
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}
