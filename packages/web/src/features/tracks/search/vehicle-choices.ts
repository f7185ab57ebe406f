// The vehicle selector's options (spec "Track search panel": it goes lazy above 100 vehicles, top 20 by
// default). A large fleet lists 20 until the user types; a search lists the best matches; chosen vehicles always
// stay listed so their tags keep their names.

export const LAZY_ABOVE = 100;
export const SHOWN_BY_DEFAULT = 20;
/** Matches listed for a search in a large fleet. */
export const SHOWN_WHEN_SEARCHING = 50;

export interface VehicleChoice {
  value: number;
  label: string;
  routeCode: string;
  imei: string;
}

function matches(choice: VehicleChoice, needle: string): boolean {
  return choice.label.toLowerCase().includes(needle) || choice.imei.includes(needle);
}

export function vehicleChoices(
  all: readonly VehicleChoice[],
  search: string,
  selected: readonly number[],
  routeCode?: string,
): VehicleChoice[] {
  const pool = routeCode ? all.filter((c) => c.routeCode === routeCode) : all;
  const needle = search.trim().toLowerCase();
  const limit = pool.length <= LAZY_ABOVE ? pool.length : needle ? SHOWN_WHEN_SEARCHING : SHOWN_BY_DEFAULT;
  const out: VehicleChoice[] = [];
  for (const c of pool) {
    if (out.length >= limit) break;
    if (!needle || matches(c, needle)) out.push(c);
  }
  const listed = new Set(out.map((c) => c.value));
  const chosen = new Set(selected);
  for (const c of all) if (chosen.has(c.value) && !listed.has(c.value)) out.push(c);
  return out;
}
