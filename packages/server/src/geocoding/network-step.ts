import type { Suggestion } from '../contract/geocoding.ts';
import type { CompanyIndex } from './company-index.ts';
import { bearingDegrees, boxAround, distanceMetres, type LatLng } from './geo.ts';
import type { GeocodingStep } from './geocoder.ts';
import { matchRank, nearestWithin, normalise } from './nearest.ts';
import { describeRelation, withLines } from './phrasing.ts';

// The first link: our own network. GTFS stop names are intersections ("Richmond Terr/Bard Av"), so the nearest
// stop names the street; the line paths say which lines run past the point.

/** Beyond this the nearest stop says little about where a vehicle is; the place list or Nominatim do better. */
const STOP_RADIUS = 1000;
/** Within GPS error of the stop: "At Richmond Terr/Bard Av". */
const AT_STOP = 20;
/**
 * A point this close to a line's path is on it: paths are densified to 25 m (≤ 12.5 m from the polyline) and
 * drawn on the street's centre line, while a bus drives in a kerb lane with a few metres of GPS error.
 */
const ON_LINE = 30;
const MAX_LINES = 3;

export const networkStep: GeocodingStep = {
  source: 'stop',
  remote: false,

  async reverse(point, { lang, index }) {
    const nearest = nearestWithin(index.stopTree, index.stops, point, STOP_RADIUS);
    if (!nearest) return null;
    const stop = nearest.item;
    const address = describeRelation(
      lang,
      { name: stop.name, distance: nearest.distance, bearing: bearingDegrees(stop, point) },
      'stop',
      AT_STOP,
    );
    return withLines(lang, address, linesNear(point, index).slice(0, MAX_LINES));
  },

  async suggest(search, limit, { index, lineScope }) {
    const query = normalise(search);
    const found: { rank: number; suggestion: Suggestion }[] = [];

    for (const line of index.lines) {
      if (!line.bbox || (lineScope && !lineScope.has(line.id))) continue;
      const rank = Math.min(matchRank(line.code, query) ?? 9, matchRank(line.name, query) ?? 9);
      if (rank === 9) continue;
      const [west, south, east, north] = line.bbox;
      found.push({
        rank,
        suggestion: {
          type: 'line',
          name: line.code,
          detail: line.name === line.code ? '' : line.name,
          lat: (south + north) / 2,
          lng: (west + east) / 2,
          route_id: line.id,
          route_code: line.code,
          bbox: line.bbox,
        },
      });
    }

    // A stop is usually two GTFS stops of one name, one per side of the street: offer the name once.
    const byName = new Map<string, { rank: number; suggestion: Suggestion; routes: Set<string> }>();
    for (const stop of index.stops) {
      const rank = matchRank(stop.name, query);
      if (rank === null) continue;
      const key = normalise(stop.name);
      let entry = byName.get(key);
      if (!entry) {
        entry = {
          rank,
          suggestion: { type: 'stop', name: stop.name, detail: '', lat: stop.lat, lng: stop.lng },
          routes: new Set(),
        };
        byName.set(key, entry);
      }
      for (const code of stop.routes.split(',')) if (code) entry.routes.add(code);
    }
    for (const entry of byName.values()) {
      entry.suggestion.detail = [...entry.routes].join(', ');
      found.push(entry);
    }

    // Better matches first; among equals, lines before stops (a code is what people type), shorter names first.
    return found
      .sort(
        (a, b) =>
          a.rank - b.rank ||
          Number(a.suggestion.type === 'stop') - Number(b.suggestion.type === 'stop') ||
          a.suggestion.name.length - b.suggestion.name.length ||
          a.suggestion.name.localeCompare(b.suggestion.name),
      )
      .slice(0, limit)
      .map((f) => f.suggestion);
  },
};

/** Route codes of the lines whose paths pass within ON_LINE of the point, nearest first. */
function linesNear(point: LatLng, index: CompanyIndex): string[] {
  if (!index.pathTree) return [];
  const [west, south, east, north] = boxAround(point, ON_LINE);
  const best = new Map<number, number>();
  for (const id of index.pathTree.range(west, south, east, north)) {
    const owner = index.pathLine[id]!;
    const lng = index.pathCoords[2 * id]!;
    const lat = index.pathCoords[2 * id + 1]!;
    const distance = distanceMetres(point, { lat, lng });
    if (distance <= ON_LINE && distance < (best.get(owner) ?? Number.POSITIVE_INFINITY)) best.set(owner, distance);
  }
  return [...best.entries()].sort((a, b) => a[1] - b[1]).map(([owner]) => index.lines[owner]!.code);
}
