import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import type { GeocoderResult, SuggestResult } from '../contract/geocoding.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { seedNetwork } from './testing/fixtures.ts';
import { type NominatimStandIn, startNominatimStandIn } from './testing/nominatim-stand-in.ts';

// The address resolver over real HTTP on both engines: our stops and lines first, the offline place list next, a
// Nominatim stand-in (a local HTTP server: the real one is outside our system) last; skipping, caching, timeouts,
// and tenant isolation (company B's stops and lines never describe company A's points).

const BARD = { name: 'Richmond Terr/Bard Av', lat: 40.642, lng: -74.1, routes: 'S40' };
const CLINTON = { name: 'Richmond Terr/Clinton Av', lat: 40.6428, lng: -74.093, routes: 'S40,S44' };
/** 0.0011° (122 m) north of Bard Av, on S40's path (a straight 1.7 km segment: found only once densified). */
const ON_S40 = { lat: 40.6431, lng: -74.1 };
const TOWN = { lat: 40.71, lng: -74.2 };
const FAR = { lat: 10, lng: 10 };
const SILENT = { lat: 20, lng: 10 };
const UNKNOWN = { lat: 30, lng: 10 };

const TIMEOUT_MS = 300;

describe.each(ENGINES)('geocoding on %s', (engine) => {
  let server: TestServer;
  let nominatim: NominatimStandIn;
  let admin: HeadwayClient;
  let adminB: HeadwayClient;
  let dir: string;

  const reverse = (client: HeadwayClient, p: { lat: number; lng: number }, lang = 'en') =>
    client.get<GeocoderResult>(`/geocoding/geocoder?lat=${p.lat}&lng=${p.lng}&lang=${lang}`);
  const suggest = (client: HeadwayClient, search: string, extra = '') =>
    client.get<SuggestResult>(`/geocoding/suggest?search=${encodeURIComponent(search)}${extra}`);
  const asked = (path: string) => nominatim.requests.filter((r) => r.path === `/nominatim/${path}`).length;

  beforeAll(async () => {
    nominatim = await startNominatimStandIn();
    nominatim.silentAt.add(String(SILENT.lat));
    nominatim.unknownAt.add(String(UNKNOWN.lat));
    dir = mkdtempSync(join(tmpdir(), 'headway-places-'));
    const places = join(dir, 'places.csv');
    writeFileSync(
      places,
      [
        'name,lat,lng,name_zh,name_th,population',
        'Port Richmond,40.7,-74.2,里士满港,พอร์ตริชมอนด์,19000',
        'Nowhere,abc,10,,,0',
        'Null Island,0,0,,,0',
      ].join('\n'),
    );
    server = await startTestServer(engine, {
      geocoding: { url: nominatim.url, placesFile: places, timeoutMs: TIMEOUT_MS, userAgent: 'Headway-test/1' },
    });
    await seedNetwork(server.store.db, server.demoCompanyId, {
      lines: [
        {
          code: 'S40',
          name: 'Port Richmond - St George',
          path: [
            { lat: 40.6431, lng: -74.11 },
            { lat: 40.6431, lng: -74.09 },
          ],
        },
        {
          code: 'S44',
          name: 'Elm Park',
          path: [
            { lat: 40.63, lng: -74.1 },
            { lat: 40.63, lng: -74.09 },
          ],
        },
      ],
      stops: [BARD, CLINTON, { ...CLINTON, lat: 40.6427 }],
    });
    const { companyId: companyB } = await seedCompany(server.store, 'Bayside Buses', 'b-admin');
    // Closer to ON_S40 than company A's stop, with a line along the same street.
    await seedNetwork(server.store.db, companyB, {
      lines: [
        {
          code: 'B9',
          name: 'Bayside',
          path: [
            { lat: 40.6431, lng: -74.11 },
            { lat: 40.6431, lng: -74.09 },
          ],
        },
      ],
      stops: [{ name: 'Bayside Secret Stop', lat: 40.6428, lng: -74.1, routes: 'B9' }],
    });
    admin = server.client();
    await admin.login('admin', PASSWORD);
    adminB = server.client();
    await adminB.login('b-admin', PASSWORD);
  });
  afterAll(async () => {
    await server.close();
    await nominatim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names the nearest stop with distance and direction, and the lines the point is on, in three languages', async () => {
    expect((await reverse(admin, ON_S40)).result).toEqual({
      addr: '120 m N of Richmond Terr/Bard Av, on line S40',
      source: 'stop',
    });
    expect((await reverse(admin, ON_S40, 'zh')).result.addr).toBe('Richmond Terr/Bard Av 北 120 米，S40 路沿线');
    expect((await reverse(admin, ON_S40, 'th')).result.addr).toBe(
      '120 ม. ทางทิศเหนือของ Richmond Terr/Bard Av บนสาย S40',
    );
    // At the stop itself, off the line's path.
    expect((await reverse(admin, BARD)).result.addr).toBe('At Richmond Terr/Bard Av');
    // Without lang, the Accept-Language header decides.
    const thai = await admin.get<GeocoderResult>(`/geocoding/geocoder?lat=${BARD.lat}&lng=${BARD.lng}`, {
      headers: { 'accept-language': 'th-TH,th;q=0.9' },
    });
    expect(thai.result.addr).toBe('ที่ Richmond Terr/Bard Av');
  });

  it('falls back to the nearest town of the place list, in the town name of the language', async () => {
    expect((await reverse(admin, TOWN)).result).toEqual({ addr: '1.11 km N of Port Richmond', source: 'place' });
    expect((await reverse(admin, TOWN, 'zh')).result.addr).toBe('里士满港北 1.11 公里');
    expect((await reverse(admin, TOWN, 'th')).result.addr).toBe('1.11 กม. ทางทิศเหนือของ พอร์ตริชมอนด์');
    expect(asked('reverse')).toBe(0);
  });

  it('asks the Nominatim service last, identified and in the language, and caches its answer', async () => {
    const first = await reverse(admin, FAR, 'th');
    expect(first.result).toEqual({ addr: 'th: 1 Stand-in Road, Testville', source: 'nominatim' });
    expect(asked('reverse')).toBe(1);
    const request = nominatim.requests.at(-1)!;
    expect(request.headers['user-agent']).toBe('Headway-test/1');
    expect(request.headers['accept-language']).toBe('th');
    expect(Object.fromEntries(request.query)).toMatchObject({ lat: '10', lon: '10', format: 'jsonv2' });

    // Same point, same language, same company: from the cache; a point 2 m away rounds to the same cell.
    expect((await reverse(admin, FAR, 'th')).result.addr).toBe('th: 1 Stand-in Road, Testville');
    expect((await reverse(admin, { lat: 10.00002, lng: 10 }, 'th')).result.addr).toBe('th: 1 Stand-in Road, Testville');
    expect(asked('reverse')).toBe(1);
    // Another language or another company is another entry.
    expect((await reverse(admin, FAR, 'en')).result.addr).toBe('en: 1 Stand-in Road, Testville');
    expect((await reverse(adminB, FAR, 'th')).result.addr).toBe('th: 1 Stand-in Road, Testville');
    expect(asked('reverse')).toBe(3);

    // Nominatim's "Unable to geocode" is an answer (nothing there): empty, and cached like any other.
    expect((await reverse(admin, UNKNOWN)).result).toEqual({ addr: '', source: 'none' });
    expect((await reverse(admin, UNKNOWN)).result).toEqual({ addr: '', source: 'none' });
    expect(asked('reverse')).toBe(4);
  });

  it('answers without the service when it does not answer in time, and asks again next time', async () => {
    const before = asked('reverse');
    const started = Date.now();
    const reply = await reverse(admin, SILENT);
    expect(reply.code).toBe(0);
    expect(reply.result).toEqual({ addr: '', source: 'none' });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
    // A failed lookup is not cached: the next request tries the service again.
    await reverse(admin, SILENT);
    expect(asked('reverse')).toBe(before + 2);
  });

  it('skips zero and out-of-range coordinates without any lookup', async () => {
    const before = nominatim.requests.length;
    for (const p of [
      { lat: 0, lng: 0 },
      { lat: 91, lng: 10 },
      { lat: -90.5, lng: 10 },
      { lat: 10, lng: 180.01 },
      { lat: 10, lng: -200 },
    ]) {
      const reply = await reverse(admin, p);
      expect(reply.code, JSON.stringify(p)).toBe(0);
      expect(reply.result).toEqual({ addr: '', source: 'none' });
    }
    expect(nominatim.requests.length).toBe(before);
  });

  it('rejects what is not a coordinate, and strangers', async () => {
    expect((await admin.get('/geocoding/geocoder?lat=north&lng=10')).code).toBe(ErrorCode.parameter);
    expect((await admin.get('/geocoding/geocoder?lat=10')).code).toBe(ErrorCode.parameter);
    expect((await admin.get('/geocoding/geocoder?lat=10&lng=10&lang=fr')).code).toBe(ErrorCode.parameter);
    expect((await admin.get('/geocoding/suggest')).code).toBe(ErrorCode.parameter);
    expect((await admin.get('/geocoding/suggest?search=a&limit=50')).code).toBe(ErrorCode.parameter);
    expect((await admin.get('/geocoding/geocoder?lat=10&lng=10', { unsigned: true })).code).toBe(
      ErrorCode.loginExpired,
    );
  });

  it("describes a point only with the caller's own company's stops and lines", async () => {
    expect((await reverse(adminB, ON_S40)).result.addr).toBe('30 m N of Bayside Secret Stop, on line B9');
    const a = (await reverse(admin, ON_S40)).result.addr;
    expect(a).not.toContain('Bayside');
    expect(a).not.toContain('B9');
    expect((await suggest(admin, 'Secret')).result.rows).toEqual([]);
    expect((await suggest(admin, 'B9')).result.rows).toEqual([]);
    expect((await suggest(adminB, 'Secret')).result.rows.map((r) => r.name)).toEqual(['Bayside Secret Stop']);
    expect((await suggest(adminB, 'S40')).result.rows).toEqual([]);
  });

  it('suggests lines, stops and places for the search box', async () => {
    const lines = (await suggest(admin, 's4')).result.rows;
    expect(lines.map((r) => [r.type, r.name, r.route_code])).toEqual([
      ['line', 'S40', 'S40'],
      ['line', 'S44', 'S44'],
    ]);
    expect(lines[0]).toMatchObject({ detail: 'Port Richmond - St George', bbox: [-74.11, 40.6431, -74.09, 40.6431] });

    const rich = (await suggest(admin, 'rich')).result.rows;
    expect(rich.map((r) => [r.type, r.name, r.detail])).toEqual([
      ['stop', 'Richmond Terr/Bard Av', 'S40'],
      // Two GTFS stops of one name (both sides of the street) are one suggestion, with every line serving them.
      ['stop', 'Richmond Terr/Clinton Av', 'S40, S44'],
      // A word of the line's name matches: after the names that start with the search.
      ['line', 'S40', 'Port Richmond - St George'],
      ['place', 'Port Richmond', ''],
    ]);
    expect((await suggest(admin, 'rich', '&limit=1')).result.rows.map((r) => r.name)).toEqual([
      'Richmond Terr/Bard Av',
    ]);
    // Word starts rank above other matches: "bard" is a word of the stop name.
    expect((await suggest(admin, 'bard')).result.rows.map((r) => r.name)).toEqual(['Richmond Terr/Bard Av']);
  });

  it('turns typed coordinates into their address, and ignores out-of-range ones', async () => {
    expect((await suggest(admin, '40.6431, -74.1')).result.rows).toEqual([
      {
        type: 'coordinate',
        name: '120 m N of Richmond Terr/Bard Av, on line S40',
        detail: '40.6431, -74.1',
        lat: 40.6431,
        lng: -74.1,
      },
    ]);
    expect((await suggest(admin, '91,10')).result.rows).toEqual([]);
  });

  it('searches the Nominatim service for longer searches, biased to the network, and caches it', async () => {
    const before = asked('search');
    const rows = (await suggest(admin, 'Testville', '&lang=zh')).result.rows;
    expect(rows).toEqual([
      {
        type: 'place',
        name: 'Testville',
        detail: 'Testville, Stand-in County (zh)',
        lat: 10.5,
        lng: 20.5,
        bbox: [20.4, 10.4, 20.6, 10.6],
      },
    ]);
    const request = nominatim.requests.at(-1)!;
    expect(request.query.get('viewbox')).toBe('-74.1,40.642,-74.093,40.6428');
    await suggest(admin, 'Testville', '&lang=zh');
    expect(asked('search')).toBe(before + 1);
    // Too short for a remote search: only local names answer.
    await suggest(admin, 'te');
    expect(asked('search')).toBe(before + 1);
  });

  it("picks up the company's changed stops once the index is rechecked", async () => {
    const before = (await reverse(admin, ON_S40)).result.addr;
    await seedNetwork(server.store.db, server.demoCompanyId, {
      stops: [{ name: 'Richmond Terr/New Stop', lat: 40.6432, lng: -74.1 }],
    });
    // Within the recheck interval the built index and the cached answer stand.
    expect((await reverse(admin, ON_S40)).result.addr).toBe(before);
    server.clock.advance(31);
    expect((await reverse(admin, ON_S40)).result.addr).toBe('At Richmond Terr/New Stop, on line S40');
  });
});
