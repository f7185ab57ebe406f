import { type Kysely, sql } from 'kysely';
import type { Engine } from '../db.ts';

// Track storage for the track query (issue 12, docs/tracks.md "Storage"). Both engines: the (company_id,
// vehicle_id, event_time) index becomes a covering one holding every column a track point needs. The gateway
// writes the fleet interleaved, so a vehicle's week is 60,000 rows on 60,000 table pages; in the covering index it
// is a run of adjacent leaves, read without touching the table (docs/performance.md "Track query").
// PostgreSQL: positions becomes a table range-partitioned by day on event_time, so retention drops a day's
// partition instead of deleting millions of rows and a query for a few days touches only those days; a DEFAULT
// partition takes points whose terminal time lies outside every day partition (a clock in 2000 or 2099), so a bad
// clock never fails a gateway commit. The rows already stored are carried over. Day partitions ahead are made and
// those past the retention dropped by the maintenance job (tracks/storage-maintenance.ts). SQLite keeps its one
// table; retention deletes there by rowid range.

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema types.
type AnyDb = Kysely<any>;

const DAY = 86_400;
/** Day partitions made for the rows carried over reach back at most this far; older rows go to DEFAULT. */
const CARRY_BACK_DAYS = 400;
const AHEAD_DAYS = 7;

const COLUMNS = `
  company_id integer not null,
  terminal_phone varchar(20) not null,
  vehicle_id integer,
  lat double precision not null,
  lng double precision not null,
  speed real not null,
  azimuth integer not null,
  altitude integer not null,
  mileage double precision,
  state bigint not null,
  warning bigint not null,
  attached text not null default '{}',
  event_time bigint not null,
  receive_time bigint not null`;

const COLUMN_NAMES =
  'id, company_id, terminal_phone, vehicle_id, lat, lng, speed, azimuth, altitude, mileage, state, warning, attached, event_time, receive_time';

function dayName(dayStart: number): string {
  return `positions_p${new Date(dayStart * 1000).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** SQLite: the track query's covering index; `id` fourth so (event_time, id) order is the index's own. */
const SQLITE_TRACK_INDEX = `create index positions_track on positions
  (company_id, vehicle_id, event_time, id, lat, lng, speed, azimuth, mileage, state, warning, attached, receive_time)`;

/**
 * PostgreSQL: the same covering index, its payload as INCLUDE columns (kept in the leaves, not the search key), so
 * the query is an index-only scan once a partition is vacuumed (autovacuum's insert threshold sees to it).
 */
const POSTGRES_TRACK_INDEX = `create index positions_track on positions (company_id, vehicle_id, event_time, id)
  include (lat, lng, speed, azimuth, mileage, state, warning, attached, receive_time)`;

export function trackStorage(engine: Engine) {
  return {
    async up(db: AnyDb): Promise<void> {
      if (engine !== 'postgres') {
        await sql.raw(SQLITE_TRACK_INDEX).execute(db);
        await sql`drop index positions_vehicle_time`.execute(db);
        return;
      }
      await sql`alter table positions rename to positions_0003`.execute(db);
      for (const index of ['pkey', 'vehicle_time', 'device_time']) {
        await sql.raw(`alter index positions_${index} rename to positions_0003_${index}`).execute(db);
      }
      // The primary key must hold the partition key; (id, event_time) still finds a row by id (vehicles/queries.ts).
      await sql
        .raw(
          `create table positions (
            id bigint not null default nextval('positions_id_seq'::regclass),${COLUMNS},
            constraint positions_pkey primary key (id, event_time)
          ) partition by range (event_time)`,
        )
        .execute(db);
      await sql`alter sequence positions_id_seq owned by positions.id`.execute(db);
      await sql.raw(POSTGRES_TRACK_INDEX).execute(db);
      await sql`create index positions_device_time on positions (terminal_phone, event_time)`.execute(db);
      await sql`create table positions_default partition of positions default`.execute(db);

      const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
      const span = await sql<{ lo: number | string | null; hi: number | string | null }>`
        select min(event_time) as lo, max(event_time) as hi from positions_0003
        where event_time >= ${today - CARRY_BACK_DAYS * DAY} and event_time < ${today + AHEAD_DAYS * DAY}`.execute(db);
      const lo = span.rows[0]?.lo;
      const first = lo === null || lo === undefined ? today - DAY : Math.floor(Number(lo) / DAY) * DAY;
      for (let day = first; day <= today + AHEAD_DAYS * DAY; day += DAY) {
        await sql
          .raw(`create table ${dayName(day)} partition of positions for values from (${day}) to (${day + DAY})`)
          .execute(db);
      }
      await sql.raw(`insert into positions (${COLUMN_NAMES}) select ${COLUMN_NAMES} from positions_0003`).execute(db);
      await sql`drop table positions_0003`.execute(db);
      await sql`analyze positions`.execute(db);
    },

    async down(db: AnyDb): Promise<void> {
      if (engine !== 'postgres') {
        await sql`create index positions_vehicle_time on positions (company_id, vehicle_id, event_time)`.execute(db);
        await sql`drop index positions_track`.execute(db);
        return;
      }
      await sql`alter table positions rename to positions_0010`.execute(db);
      for (const index of ['pkey', 'track', 'device_time']) {
        await sql.raw(`alter index positions_${index} rename to positions_0010_${index}`).execute(db);
      }
      await sql
        .raw(
          `create table positions (
            id bigint not null default nextval('positions_id_seq'::regclass) primary key,${COLUMNS})`,
        )
        .execute(db);
      await sql`alter sequence positions_id_seq owned by positions.id`.execute(db);
      await sql`create index positions_vehicle_time on positions (company_id, vehicle_id, event_time)`.execute(db);
      await sql`create index positions_device_time on positions (terminal_phone, event_time)`.execute(db);
      await sql.raw(`insert into positions (${COLUMN_NAMES}) select ${COLUMN_NAMES} from positions_0010`).execute(db);
      // Dropping the partitioned table drops its partitions.
      await sql`drop table positions_0010`.execute(db);
    },
  };
}
