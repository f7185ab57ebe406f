import { describe, expect, it } from 'vitest';
import { bearingDegrees, canGeocode, compassPoint, densify, distanceMetres } from './geo.ts';
import { matchRank } from './nearest.ts';
import { describeRelation, formatDistance, withLines } from './phrasing.ts';

describe('address phrasing', () => {
  it('rounds metres to 10 and goes to km with 2 decimals above 1000 m (spec section 9)', () => {
    expect(formatDistance(3, 'en')).toBe('10 m');
    expect(formatDistance(124, 'en')).toBe('120 m');
    expect(formatDistance(1000, 'en')).toBe('1000 m');
    expect(formatDistance(1004, 'zh')).toBe('1.00 公里');
    expect(formatDistance(12_345, 'th')).toBe('12.35 กม.');
  });

  it('names the eight compass points from the bearing', () => {
    const p = { lat: 40, lng: -74 };
    expect(compassPoint(bearingDegrees(p, { lat: 40.01, lng: -74 }))).toBe('N');
    expect(compassPoint(bearingDegrees(p, { lat: 40.01, lng: -73.987 }))).toBe('NE');
    expect(compassPoint(bearingDegrees(p, { lat: 40, lng: -74.01 }))).toBe('W');
    expect(compassPoint(bearingDegrees(p, { lat: 39.99, lng: -74.013 }))).toBe('SW');
    expect(compassPoint(359)).toBe('N');
  });

  it('reads naturally in each language', () => {
    const rel = { name: 'Richmond Terr/Bard Av', distance: 260, bearing: 135 };
    expect(describeRelation('en', rel, 'stop', 20)).toBe('260 m SE of Richmond Terr/Bard Av');
    expect(describeRelation('zh', { ...rel, name: '石牌桥站' }, 'stop', 20)).toBe('石牌桥站东南 260 米');
    expect(describeRelation('th', rel, 'stop', 20)).toBe('260 ม. ทางทิศตะวันออกเฉียงใต้ของ Richmond Terr/Bard Av');
    expect(describeRelation('en', { ...rel, distance: 300 }, 'place', 500)).toBe('Richmond Terr/Bard Av');
    expect(withLines('en', 'At X', ['S40', 'S44'])).toBe('At X, on lines S40, S44');
    expect(withLines('zh', 'X附近', ['10', '21'])).toBe('X附近，10、21 路沿线');
    expect(withLines('th', 'ที่ X', [])).toBe('ที่ X');
  });
});

describe('geometry', () => {
  it('skips zero and out-of-range coordinates (spec section 5)', () => {
    expect(canGeocode(0, 0)).toBe(false);
    expect(canGeocode(0, 10)).toBe(true);
    expect(canGeocode(90.0001, 0)).toBe(false);
    expect(canGeocode(10, -180.5)).toBe(false);
    expect(canGeocode(Number.NaN, 1)).toBe(false);
  });

  it('densifies long segments so no two points are further apart than the step', () => {
    const line = densify(
      [
        { lat: 40, lng: -74 },
        { lat: 40, lng: -73.99 },
      ],
      25,
    );
    expect(line.length).toBeGreaterThan(30);
    for (let i = 1; i < line.length; i++) expect(distanceMetres(line[i - 1]!, line[i]!)).toBeLessThanOrEqual(25);
  });

  it('ranks equal, prefix, word-start and inner matches', () => {
    expect(matchRank('S40', 's40')).toBe(0);
    expect(matchRank('S40', 's4')).toBe(1);
    expect(matchRank('Richmond Terr/Bard Av', 'bard')).toBe(2);
    expect(matchRank('Richmond Terr/Bard Av', 'ard')).toBe(3);
    expect(matchRank('ＳＴ　Ｇｅｏｒｇｅ', 'st g')).toBe(1);
    expect(matchRank('Elm Park', 'oak')).toBeNull();
  });
});
