import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tinyFeed } from '../testing/tiny-feed.ts';
import { writeZip } from '../testing/zip-writer.ts';
import { GtfsImportError, readGtfsFeed, transformFeed } from './index.ts';

const here = new URL('.', import.meta.url).pathname;
const SHARED = join(here, '../../../../../../shared/data/gtfs/mta-staten-island-8-routes.zip');
const PROJECT_COPY = join(here, '../../../demo-data/mta-staten-island-8-routes.zip');
const REAL_FEED = existsSync(SHARED) ? SHARED : PROJECT_COPY;

const dir = mkdtempSync(join(tmpdir(), 'gtfs-test-'));
let n = 0;
function feedFile(files: Record<string, string>): string {
  const path = join(dir, `feed-${++n}.zip`);
  writeZip(path, files);
  return path;
}

async function problemsOf(files: Record<string, string>): Promise<string[]> {
  try {
    await readGtfsFeed(feedFile(files));
  } catch (err) {
    expect(err).toBeInstanceOf(GtfsImportError);
    return (err as GtfsImportError).problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
  }
  throw new Error('feed was accepted');
}

describe('GTFS import of the shared Staten Island feed', () => {
  it('reads 8 routes, 655 stops, 6,124 trips and 264,883 stop times', async () => {
    const started = performance.now();
    const feed = await readGtfsFeed(REAL_FEED);
    const plan = transformFeed(feed);
    expect(plan.counts).toMatchObject({ routes: 8, stops: 655, trips: 6124, stopTimes: 264_883 });
    expect(plan.lines.map((l) => l.routeCode)).toEqual(['S40', 'S42', 'S44', 'S46', 'S48', 'S51', 'S53', 'S79-SBS']);
    expect(plan.departures).toHaveLength(6124);
    expect(plan.busStops).toHaveLength(655);
    expect(performance.now() - started).toBeLessThan(15_000);

    for (const line of plan.lines) {
      expect(line.category).toBe(0);
      expect(line.directions.map((d) => d.direction)).toEqual([1, 2]);
      for (const d of line.directions) {
        expect(d.stations.length).toBeGreaterThan(10);
        expect(d.stations.map((s) => s.serial)).toEqual(d.stations.map((_, i) => i + 1));
        // Station mileage accumulates (spec route check 5) and ends near the shape's end.
        for (let i = 1; i < d.stations.length; i++) {
          expect(d.stations[i]!.distance).toBeGreaterThanOrEqual(d.stations[i - 1]!.distance);
        }
        expect(d.stations[0]!.distance).toBeLessThan(300);
        expect(d.distance - d.stations.at(-1)!.distance).toBeLessThan(500);
        for (const s of d.stations) expect(s.azimuth).toBeGreaterThanOrEqual(0);
        for (const s of d.stations) expect(s.azimuth).toBeLessThanOrEqual(359);
        expect(d.path).toMatch(/^-?\d+\.\d{6},-?\d+\.\d{6}(\|-?\d+\.\d{6},-?\d+\.\d{6})+$/);
      }
    }
    // S79 Select Bus Service runs to Bay Ridge: up direction ends at 4 AV/86 ST, about 24 km.
    const s79 = plan.lines.find((l) => l.routeCode === 'S79-SBS')!;
    expect(s79.directions[0]!.terminal).toBe('4 AV/86 ST');
    expect(s79.directions[0]!.distance).toBeGreaterThan(20_000);
    // Shapes other than the main pattern's are kept as variants with their trip counts: S51's branch strays
    // 641 m from the main path, its short turn runs on it; S46's branch 282 m; one geometry under several shape ids
    // (S46 S460396/S460402/S460404) is one variant.
    const s51 = plan.lines.find((l) => l.routeCode === 'S51')!.directions[0]!;
    expect(s51.shapeId).toBe('S510119');
    expect(s51.variants.map((v) => [v.shapeId, v.trips])).toEqual([
      ['S510120', 98],
      ['S510122', 20],
      ['S510121', 1],
    ]);
    expect(s51.variants[0]!.maxOffset).toBeGreaterThan(600);
    expect(s51.variants[1]!.maxOffset).toBeLessThan(20);
    const s46 = plan.lines.find((l) => l.routeCode === 'S46')!.directions[0]!;
    expect(s46.variants[0]).toMatchObject({ shapeId: 'S460396', trips: 67 });
    expect(s46.variants[0]!.maxOffset).toBeGreaterThan(250);
    for (const line of plan.lines) {
      for (const d of line.directions) {
        const trips = plan.departures.filter((t) => t.routeCode === line.routeCode && t.direction === d.direction);
        expect(d.trips + d.variants.reduce((n, v) => n + v.trips, 0)).toBe(trips.length);
      }
    }
    // Every stop is served by at least one line; blocks give duties.
    expect(plan.busStops.every((s) => s.routes.length > 0)).toBe(true);
    expect(plan.duties.length).toBeGreaterThan(1000);
    const tripsInDuties = plan.duties.reduce((sum, d) => sum + d.tripIds.length, 0);
    expect(tripsInDuties).toBe(6124);
  });
});

describe('GTFS import of a tiny feed', () => {
  it('transforms directions, stations, timetables and blocks', async () => {
    const plan = transformFeed(await readGtfsFeed(feedFile(tinyFeed())));
    expect(plan.company).toEqual({ name: 'Tiny Transit', timezone: 'Asia/Shanghai', url: 'https://example.org' });
    const [line] = plan.lines;
    expect(line).toMatchObject({ routeCode: 'T1', routeName: 'First - Third', category: 0, color: '#FF8800' });
    const [up, down] = line!.directions;
    expect(up).toMatchObject({ direction: 1, origin: 'First Street', terminal: 'Third Street', stationCount: 3 });
    expect(down).toMatchObject({ direction: 2, origin: 'Third Street', terminal: 'First Street' });
    // 0.01° of longitude at 31°N is about 954 m; the middle stop sits halfway and the street runs east (90°).
    expect(up!.stations[1]!.distance).toBeGreaterThan(470);
    expect(up!.stations[1]!.distance).toBeLessThan(485);
    expect(up!.stations[1]!.azimuth).toBe(90);
    expect(down!.stations[1]!.azimuth).toBe(270);
    expect(up!.stations.map((s) => s.duration)).toEqual([0, 120, 300]);
    expect(up!.path.split('|')).toEqual(['31.000100,121.000000', '31.000100,121.010000']);
    // The short trip runs on the same shape: no variant.
    expect(up!.variants).toEqual([]);
    // Empty times between timepoints are interpolated.
    const back = plan.departures.find((d) => d.tripId === 'T-back-1')!;
    expect(back).toMatchObject({ direction: 2, departureTime: 8 * 3600 + 900, arrivalTime: 8 * 3600 + 1260 });
    // Times past midnight stay on the service day (25:00:00).
    expect(plan.departures.find((d) => d.tripId === 'T-short')!.departureTime).toBe(25 * 3600);
    expect(plan.duties.map((d) => [d.blockId, d.tripIds])).toEqual([
      ['B1', ['T-out-1', 'T-back-1']],
      ['B2', ['T-out-2', 'T-short']],
    ]);
    expect(plan.busStops.find((s) => s.stopId === 'S2')!.routes).toEqual(['T1']);
  });

  it('classifies a single loop direction as a one-way loop', async () => {
    const files = tinyFeed();
    files['trips.txt'] = 'route_id,service_id,trip_id,direction_id,shape_id\nR1,WK,L1,0,\n';
    files['stop_times.txt'] = [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      'L1,08:00:00,08:00:00,S1,1',
      'L1,08:03:00,08:03:00,S3,2',
      'L1,08:06:00,08:06:00,S1,3',
    ].join('\n');
    const plan = transformFeed(await readGtfsFeed(feedFile(files)));
    expect(plan.lines[0]!.category).toBe(1);
    // No shape: the path is drawn through the stops, and distance still accumulates.
    expect(plan.lines[0]!.directions[0]!.stations.map((s) => s.distance)).toEqual([0, 954, 1908]);
  });

  it('reports a missing required file', async () => {
    const files = tinyFeed();
    delete files['stop_times.txt'];
    expect(await problemsOf(files)).toEqual(['stop_times.txt:0: required file is missing']);
  });

  it('reports bad coordinates with file and line', async () => {
    const files = tinyFeed();
    files['stops.txt'] = files['stops.txt']!.replace(
      'S2,Second Street,31.000000,121.005000',
      'S2,Second Street,91.5,abc',
    );
    const problems = await problemsOf(files);
    expect(problems[0]).toBe('stops.txt:3: bad coordinates "91.5","abc" for stop "S2"');
    // The stop is then unknown to stop_times, which is reported too, each with its own line.
    expect(problems).toContain('stop_times.txt:3: unknown stop_id "S2" in trip "T-out-1"');
  });

  it('reports an unknown stop id in stop_times with its line', async () => {
    const files = tinyFeed();
    files['stop_times.txt'] = files['stop_times.txt']!.replace(
      'T-out-2,08:32:00,08:32:00,S2,2',
      'T-out-2,08:32:00,08:32:00,S9,2',
    );
    expect(await problemsOf(files)).toEqual(['stop_times.txt:9: unknown stop_id "S9" in trip "T-out-2"']);
  });

  it('reports unknown route, shape and service references in trips', async () => {
    const files = tinyFeed();
    files['trips.txt'] = [
      'route_id,service_id,trip_id,trip_headsign,direction_id,block_id,shape_id',
      'R1,WK,T-out-1,Third,0,B1,SH0',
      'R9,WK,T-back-1,First,1,B1,SH1',
      'R1,WK,T-out-2,Third,0,B2,SHX',
      'R1,XX,T-short,Second,0,B2,SH0',
    ].join('\n');
    const problems = await problemsOf(files);
    expect(problems.slice(0, 3)).toEqual([
      'trips.txt:3: unknown route_id "R9" in trip "T-back-1"',
      'trips.txt:4: unknown shape_id "SHX" in trip "T-out-2"',
      'trips.txt:5: unknown service_id "XX" in trip "T-short"',
    ]);
    expect(problems).toContain('stop_times.txt:5: unknown trip_id "T-back-1"');
  });

  it('reports bad times and times going backwards', async () => {
    const files = tinyFeed();
    files['stop_times.txt'] = files['stop_times.txt']!.replace(
      'T-out-1,08:02:00,08:02:30',
      'T-out-1,8h02,08:02:30',
    ).replace('T-out-2,08:35:00,08:35:00', 'T-out-2,08:31:00,08:31:00');
    expect(await problemsOf(files)).toEqual([
      'stop_times.txt:3: bad time "8h02" (expected H:MM:SS)',
      'stop_times.txt:8: trip "T-out-2": times go backwards at stop 3 (S3)',
    ]);
  });

  it('reports a missing required column on the header line', async () => {
    const files = tinyFeed();
    files['stops.txt'] = files['stops.txt']!.replace('stop_lat', 'latitude');
    const problems = await problemsOf(files);
    expect(problems[0]).toBe('stops.txt:1: required column stop_lat is missing');
  });
});
