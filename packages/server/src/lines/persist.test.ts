import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../test/helpers/database.ts';
import { companyLines } from '../vehicles/queries.ts';
import { importGtfsFile } from './import-feed.ts';
import { transitDb } from './schema.ts';

const here = new URL('.', import.meta.url).pathname;
const SHARED = join(here, '../../../../../shared/data/gtfs/mta-staten-island-8-routes.zip');
const FEED = existsSync(SHARED) ? SHARED : join(here, '../../demo-data/mta-staten-island-8-routes.zip');

for (const engine of ENGINES) {
  describe(`GTFS import persisted on ${engine}`, () => {
    let t: TestStore;
    beforeAll(async () => {
      t = await createTestStore(engine);
    }, 60_000);
    afterAll(async () => t?.drop());

    it('writes the feed into a company and re-imports idempotently', async () => {
      const first = await importGtfsFile(t.store.db, FEED, { companyName: 'Demo Transit', now: 1_800_000_000 });
      expect(first).toMatchObject({ lines: 8, directions: 16, busStops: 655, departures: 6124, createdCompany: true });
      const db = transitDb(t.store.db);
      const lineIds = await db.selectFrom('lines').select(['id', 'route_code']).orderBy('sort_id').execute();
      expect(lineIds.map((l) => l.route_code)).toEqual(['S40', 'S42', 'S44', 'S46', 'S48', 'S51', 'S53', 'S79-SBS']);

      // A vehicle bound to a line survives a re-import: lines keep their ids.
      await db
        .insertInto('vehicles')
        .values({
          company_id: first.companyId,
          car_name: 'B1',
          lpn: '',
          imei: '',
          channel: '',
          line_id: lineIds[0]!.id,
          fleet_id: null,
          device_id: null,
          created_at: 0,
        })
        .execute();
      const second = await importGtfsFile(t.store.db, FEED, { companyName: 'Demo Transit' });
      expect(second.companyId).toBe(first.companyId);
      expect(second.createdCompany).toBe(false);

      const count = async (table: 'lines' | 'line_stations' | 'bus_stops' | 'departures' | 'duties' | 'line_paths') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('lines')).toBe(8);
      expect(await count('line_stations')).toBe(first.stations);
      // 16 main paths plus each direction's variants (branches and short turns), not doubled by the re-import.
      expect(await count('line_paths')).toBe(16 + first.variants);
      expect(second.variants).toBe(first.variants);
      expect(await count('bus_stops')).toBe(655);
      expect(await count('departures')).toBe(6124);
      expect(await count('duties')).toBe(first.duties);
      const vehicle = await db.selectFrom('vehicles').select('line_id').executeTakeFirstOrThrow();
      expect(vehicle.line_id).toBe(lineIds[0]!.id);

      const station = await db
        .selectFrom('line_stations')
        .selectAll()
        .where('line_id', '=', lineIds[7]!.id)
        .where('direction', '=', 1)
        .orderBy('serial', 'desc')
        .executeTakeFirstOrThrow();
      expect(station).toMatchObject({ station_name: '4 AV/86 ST', company_id: first.companyId });
      expect(station.lat).toBeCloseTo(40.6225, 3);
      const path = await db
        .selectFrom('line_paths')
        .select(['path', 'style', 'shape_id', 'trips'])
        .where('line_id', '=', lineIds[0]!.id)
        .where('variant', '=', 0)
        .where('direction', '=', 1)
        .executeTakeFirstOrThrow();
      expect(path.path.split('|').length).toBeGreaterThan(100);
      expect(JSON.parse(path.style)).toMatchObject({ strokeColor: '#B933AD', strokeWeight: 3 });
      expect(path).toMatchObject({ shape_id: 'S400049', trips: 349 });

      // S51 keeps its branch (S510120, 98 trips, 641 m off the main path) and short turn beside the main path.
      const s51 = await db
        .selectFrom('line_paths')
        .select(['direction', 'variant', 'shape_id', 'trips', 'max_offset', 'style'])
        .where('line_id', '=', lineIds[5]!.id)
        .orderBy('direction')
        .orderBy('variant')
        .orderBy('trips', 'desc')
        .execute();
      expect(s51.map((p) => [p.direction, p.variant, p.shape_id, p.trips])).toEqual([
        [1, 0, 'S510119', 210],
        [1, 1, 'S510120', 98],
        [1, 1, 'S510122', 20],
        [1, 1, 'S510121', 1],
        [2, 0, 'S510037', 205],
        [2, 1, 'S510038', 83],
        [2, 1, 'S510039', 12],
      ]);
      const s51Main = (
        await db
          .selectFrom('line_paths')
          .select('path')
          .where('line_id', '=', lineIds[5]!.id)
          .where('direction', '=', 1)
          .where('variant', '=', 0)
          .executeTakeFirstOrThrow()
      ).path;
      expect(s51[1]!.max_offset).toBeGreaterThan(600);
      expect(s51[2]!.max_offset).toBeLessThan(20);
      expect(JSON.parse(s51[1]!.style)).toMatchObject({ strokeWeight: 2, strokeOpacity: 0.3 });

      // What the console's map gets (GET /basic/routes/own): the main path per direction, variants beside it.
      const own = (await companyLines(t.store.db, first.companyId)).find((l) => l.route_code === 'S51')!;
      const up = own.directions.find((d) => d.direction === 1)!;
      expect(up.path.split('|').length).toBe(s51Main.split('|').length);
      expect(up.style.strokeWeight).toBe(3);
      expect(up.variants!.map((v) => [v.shape_id, v.trips, v.style.strokeWeight])).toEqual([
        ['S510120', 98, 2],
        ['S510122', 20, 2],
        ['S510121', 1, 2],
      ]);
    }, 60_000);
  });
}
