import { open } from 'node:fs/promises';
import KDBush from 'kdbush';
import type { GeocodingLanguage } from '../contract/geocoding.ts';
import { readCsv } from '../lines/gtfs/csv.ts';
import { bearingDegrees, canGeocode, type LatLng } from './geo.ts';
import type { GeocodingStep } from './geocoder.ts';
import { matchRank, nearestWithin, normalise } from './nearest.ts';
import { describeRelation } from './phrasing.ts';

// The second link: the nearest town from an offline place list (HEADWAY_GEOCODER_PLACES), for points away from
// the network, with no network access. Format (docs/geocoding.md): CSV with a header row and the columns
// `name`, `lat`, `lng` (WGS-84), optionally `name_zh` and `name_th`; other columns are ignored.

export interface Place extends LatLng {
  name: string;
  /** The name in Chinese and Thai when the list has it. */
  zh: string;
  th: string;
}

/** Towns further than this are no help in saying where a vehicle is. */
const PLACE_RADIUS = 50_000;
/** Within this of a town's centre point the point is in the town: its name alone. */
const IN_PLACE = 500;

export interface PlaceList {
  places: Place[];
  tree: KDBush | null;
  /** Rows without a name or with unusable coordinates, reported at start-up. */
  skipped: number;
}

export async function loadPlaces(file: string): Promise<PlaceList> {
  // Opened first: a piped read stream does not pass its open error on, and the read would wait forever.
  const stream = (await open(file)).createReadStream();
  const places: Place[] = [];
  let skipped = 0;
  try {
    const table = await readCsv(stream);
    const lngColumn = table.columns.includes('lng') ? 'lng' : 'lon';
    for (const column of ['name', 'lat', lngColumn]) {
      if (!table.columns.includes(column)) throw new Error(`${file}: the place list needs a "${column}" column`);
    }
    for await (const row of table.rows) {
      const name = row.get('name');
      const lat = Number(row.get('lat'));
      const lng = Number(row.get(lngColumn));
      // Number('') is 0: an empty cell must not place a town on the equator or the prime meridian.
      if (!name || row.get('lat') === '' || row.get(lngColumn) === '' || !canGeocode(lat, lng)) {
        skipped++;
        continue;
      }
      places.push({ name, lat, lng, zh: row.get('name_zh'), th: row.get('name_th') });
    }
  } finally {
    stream.destroy();
  }
  let tree: KDBush | null = null;
  if (places.length > 0) {
    tree = new KDBush(places.length);
    for (const p of places) tree.add(p.lng, p.lat);
    tree.finish();
  }
  return { places, tree, skipped };
}

function nameIn(place: Place, lang: GeocodingLanguage): string {
  return (lang === 'zh' ? place.zh : lang === 'th' ? place.th : '') || place.name;
}

export function placeStep(list: PlaceList): GeocodingStep {
  return {
    source: 'place',
    remote: false,

    async reverse(point, { lang }) {
      const nearest = nearestWithin(list.tree, list.places, point, PLACE_RADIUS);
      if (!nearest) return null;
      const place = nearest.item;
      return describeRelation(
        lang,
        { name: nameIn(place, lang), distance: nearest.distance, bearing: bearingDegrees(place, point) },
        'place',
        IN_PLACE,
      );
    },

    async suggest(search, limit, { lang }) {
      const query = normalise(search);
      const found: { rank: number; place: Place; name: string }[] = [];
      for (const place of list.places) {
        const name = nameIn(place, lang);
        const rank = Math.min(matchRank(name, query) ?? 9, matchRank(place.name, query) ?? 9);
        if (rank < 9) found.push({ rank, place, name });
      }
      return found
        .sort((a, b) => a.rank - b.rank || a.name.length - b.name.length)
        .slice(0, limit)
        .map(({ place, name }) => ({
          type: 'place' as const,
          name,
          detail: name === place.name ? '' : place.name,
          lat: place.lat,
          lng: place.lng,
        }));
    },
  };
}
