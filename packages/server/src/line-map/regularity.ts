// Headway regularity (docs/line-map.md "Regularity"): how evenly the buses of a direction actually left its
// stations over the last hour, as the coefficient of variation of the observed headways (standard deviation over
// mean; 0 is perfectly even, about 0.3 is what riders start to notice, 1 means buses come in clumps).

export interface Departure {
  car_id: number;
  serial: number;
  event_time: number;
}

/** The same bus leaving the same stop twice within this is one departure seen twice, not a headway. */
const SAME_DEPARTURE_SECONDS = 60;

/** Fewer observed headways than this give no figure: two numbers make no spread worth showing. */
export const MIN_REGULARITY_SAMPLES = 3;

/**
 * The observed headways at each station: the time between consecutive departures from it, by any two buses (the
 * same bus again only a lap later). `departures` are one direction's, already limited to the window; the
 * terminal's are left out by the caller (buses end their trip there, they do not serve it).
 */
export function observedHeadways(departures: readonly Departure[]): number[] {
  const byStation = new Map<number, Departure[]>();
  for (const d of departures) {
    const list = byStation.get(d.serial);
    if (list) list.push(d);
    else byStation.set(d.serial, [d]);
  }
  const headways: number[] = [];
  for (const list of byStation.values()) {
    list.sort((a, b) => a.event_time - b.event_time);
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1];
      const next = list[i];
      if (!prev || !next) continue;
      const gap = next.event_time - prev.event_time;
      if (next.car_id === prev.car_id && gap < SAME_DEPARTURE_SECONDS) continue;
      headways.push(gap);
    }
  }
  return headways;
}

/** Coefficient of variation (population standard deviation / mean), 3 decimals; null below the minimum sample. */
export function coefficientOfVariation(values: readonly number[]): number | null {
  if (values.length < MIN_REGULARITY_SAMPLES) return null;
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  if (mean <= 0) return null;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
  return Math.round((Math.sqrt(variance) / mean) * 1000) / 1000;
}
