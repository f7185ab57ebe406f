import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../kernel/time.ts';
import { LruCache } from './cache.ts';
import { geocodingConfigFrom } from './config.ts';
import { loadPlaces } from './places.ts';

describe('answer cache', () => {
  it('evicts the least recently used entry and forgets entries past their age', () => {
    const clock = new ManualClock(0);
    const cache = new LruCache<string>(2, 60_000, clock);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    clock.advance(60);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});

describe('resolver configuration', () => {
  it('reads the variables and refuses unusable values', () => {
    expect(geocodingConfigFrom({})).toMatchObject({ url: undefined, placesFile: undefined, timeoutMs: 2000 });
    expect(
      geocodingConfigFrom({
        HEADWAY_GEOCODER_URL: 'https://nominatim.example.org',
        HEADWAY_GEOCODER_TIMEOUT_MS: '800',
      }),
    ).toMatchObject({ url: 'https://nominatim.example.org', timeoutMs: 800 });
    expect(() => geocodingConfigFrom({ HEADWAY_GEOCODER_URL: 'nominatim.example.org' })).toThrow(/http/);
    expect(() => geocodingConfigFrom({ HEADWAY_GEOCODER_TIMEOUT_MS: '0' })).toThrow(/positive/);
  });

  it('loads a place list and names the column it lacks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'headway-places-'));
    try {
      writeFileSync(join(dir, 'ok.csv'), '\ufeffname,lat,lon\nTown,1.5,2.5\n,1,1\n');
      const list = await loadPlaces(join(dir, 'ok.csv'));
      expect(list.places).toEqual([{ name: 'Town', lat: 1.5, lng: 2.5, zh: '', th: '' }]);
      expect(list.skipped).toBe(1);
      writeFileSync(join(dir, 'bad.csv'), 'town,lat,lng\nTown,1,2\n');
      await expect(loadPlaces(join(dir, 'bad.csv'))).rejects.toThrow(/"name" column/);
      await expect(loadPlaces(join(dir, 'missing.csv'))).rejects.toThrow(/ENOENT/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
