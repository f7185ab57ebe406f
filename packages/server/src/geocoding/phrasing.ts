import type { GeocodingLanguage } from '../contract/geocoding.ts';
import { type CompassPoint, compassPoint } from './geo.ts';

// How an address reads in each console language: "120 m N of Richmond Terr/Bard Av, on line S40",
// "Richmond Terr/Bard Av 北 120 米，S40 路沿线", "120 ม. ทางทิศเหนือของ Richmond Terr/Bard Av บนสาย S40".

/** Where the point lies relative to a named stop or place. */
export interface Relation {
  name: string;
  /** Metres from the named thing to the point. */
  distance: number;
  /** Degrees clockwise from north, from the named thing towards the point. */
  bearing: number;
}

interface Phrasing {
  compass: Record<CompassPoint, string>;
  metres(value: number): string;
  kilometres(value: string): string;
  offset(distance: string, direction: string, name: string): string;
  atStop(name: string): string;
  onLines(address: string, lines: string, count: number): string;
  listSeparator: string;
}

/** Chinese runs the name straight into the text, but a Latin name needs a space before a Chinese word. */
const zhGap = (name: string) => (/[A-Za-z0-9.)]$/.test(name) ? ' ' : '');

const PHRASINGS: Record<GeocodingLanguage, Phrasing> = {
  en: {
    compass: { N: 'N', NE: 'NE', E: 'E', SE: 'SE', S: 'S', SW: 'SW', W: 'W', NW: 'NW' },
    metres: (v) => `${v} m`,
    kilometres: (v) => `${v} km`,
    offset: (d, dir, name) => `${d} ${dir} of ${name}`,
    atStop: (name) => `At ${name}`,
    onLines: (address, lines, count) => `${address}, on line${count > 1 ? 's' : ''} ${lines}`,
    listSeparator: ', ',
  },
  zh: {
    compass: { N: '北', NE: '东北', E: '东', SE: '东南', S: '南', SW: '西南', W: '西', NW: '西北' },
    metres: (v) => `${v} 米`,
    kilometres: (v) => `${v} 公里`,
    offset: (d, dir, name) => `${name}${zhGap(name)}${dir} ${d}`,
    atStop: (name) => `${name}${zhGap(name)}附近`,
    onLines: (address, lines) => `${address}，${lines} 路沿线`,
    listSeparator: '、',
  },
  th: {
    compass: {
      N: 'ทิศเหนือ',
      NE: 'ทิศตะวันออกเฉียงเหนือ',
      E: 'ทิศตะวันออก',
      SE: 'ทิศตะวันออกเฉียงใต้',
      S: 'ทิศใต้',
      SW: 'ทิศตะวันตกเฉียงใต้',
      W: 'ทิศตะวันตก',
      NW: 'ทิศตะวันตกเฉียงเหนือ',
    },
    metres: (v) => `${v} ม.`,
    kilometres: (v) => `${v} กม.`,
    offset: (d, dir, name) => `${d} ทาง${dir}ของ ${name}`,
    atStop: (name) => `ที่ ${name}`,
    onLines: (address, lines) => `${address} บนสาย ${lines}`,
    listSeparator: ', ',
  },
};

/**
 * Spec section 9: distances above 1000 m in km with 2 decimals. Below, metres rounded to 10: a GPS fix is not
 * better than that, and "123 m" would promise a precision the answer does not have.
 */
export function formatDistance(metres: number, lang: GeocodingLanguage): string {
  const p = PHRASINGS[lang];
  if (metres > 1000) return p.kilometres((metres / 1000).toFixed(2));
  return p.metres(Math.max(10, Math.round(metres / 10) * 10));
}

/** "120 m N of X"; within `atWithin` metres of a stop "At X", of a place just the place's name. */
export function describeRelation(
  lang: GeocodingLanguage,
  relation: Relation,
  kind: 'stop' | 'place',
  atWithin: number,
): string {
  const p = PHRASINGS[lang];
  if (relation.distance <= atWithin) return kind === 'stop' ? p.atStop(relation.name) : relation.name;
  return p.offset(formatDistance(relation.distance, lang), p.compass[compassPoint(relation.bearing)], relation.name);
}

/** Adds the lines (route codes) whose path the point lies on: ", on lines S40, S44". */
export function withLines(lang: GeocodingLanguage, address: string, lines: readonly string[]): string {
  if (lines.length === 0) return address;
  const p = PHRASINGS[lang];
  return p.onLines(address, lines.join(p.listSeparator), lines.length);
}
