import { PlatformAlarmCode, platformAlarm } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { alarmRow } from '../../alarms/detection/records.ts';
import type { AlarmSink } from '../../alarms/detection/sink.ts';
import type { VehicleInfo } from '../../ingest/directory.ts';
import type { Database } from '../../store/schema.ts';
import type { StoredPosition } from '../../tracks/position-row.ts';
import { regionDb } from '../schema.ts';
import { type FenceEvent, type FenceSource, GeofenceIndex } from './index.ts';
import { VisitWriter } from './visits.ts';

// Geofencing as the ingest runs it: every committed report of every vehicle through the index; each enter, exit
// or corridor deviation becomes a platform alarm through the detector's sink (the batched alarm writer: storage,
// STOMP popups, mail) and a region_visits row. Regions are reloaded per company on `announceRegionChange` and
// on a timer whose cheap signature query (count, newest update) finds what another node changed.

export interface RegionFencingOptions {
  /** Signature check interval (regions changed elsewhere, missed signals). */
  refreshMs: number;
  visitFlushMs: number;
}

export const DEFAULT_REGION_FENCING_OPTIONS: RegionFencingOptions = { refreshMs: 30_000, visitFlushMs: 1000 };

const ALARM_CODES: Record<FenceEvent['kind'], number> = {
  enter: PlatformAlarmCode.regionEnter,
  exit: PlatformAlarmCode.regionExit,
  deviation: PlatformAlarmCode.corridorDeviation,
  overstay: PlatformAlarmCode.regionOverstay,
};

export class RegionFencing {
  readonly index = new GeofenceIndex();
  readonly visits: VisitWriter;
  readonly options: RegionFencingOptions;
  private readonly signatures = new Map<number, string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly logger: Logger,
    private readonly sink: AlarmSink,
    private readonly now: () => number,
    options: Partial<RegionFencingOptions> = {},
  ) {
    this.options = { ...DEFAULT_REGION_FENCING_OPTIONS, ...options };
    this.visits = new VisitWriter(db, logger, this.options.visitFlushMs);
  }

  /** Loads every company's regions and the visits still open (a restart neither repeats nor forgets them). */
  async start(): Promise<void> {
    this.visits.start();
    await this.refresh();
    const open = await regionDb(this.db)
      .selectFrom('region_visits')
      .select(['id', 'company_id', 'region_id', 'vehicle_id', 'terminal_phone', 'enter_time'])
      .where('exit_time', 'is', null)
      .execute();
    const now = this.now();
    for (const v of open) {
      const enterTime = Number(v.enter_time);
      this.index.restoreInside(v.company_id, v.terminal_phone, v.region_id, enterTime, now);
      const visit = {
        companyId: v.company_id,
        regionId: v.region_id,
        vehicleId: v.vehicle_id,
        terminalPhone: v.terminal_phone,
        enterTime,
      };
      this.visits.adopt(visit, Number(v.id));
    }
    this.timer = setInterval(() => void this.refresh(), this.options.refreshMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.visits.stop();
  }

  /** A company's regions read again now (an editor changed them). Logs its failures and never rejects. */
  async reload(companyId: number): Promise<void> {
    try {
      this.load(companyId, await this.rows(companyId));
      this.signatures.delete(companyId);
    } catch (err) {
      this.logger.warn({ err, companyId }, 'regions not reloaded');
    }
  }

  /** Reloads the companies whose regions changed since the last look (count and newest update per company). */
  async refresh(): Promise<void> {
    try {
      const rows = await regionDb(this.db)
        .selectFrom('regions')
        .select((eb) => ['company_id', eb.fn.countAll<number>().as('n'), eb.fn.max('updated_at').as('newest')])
        .groupBy('company_id')
        .execute();
      const seen = new Set<number>();
      for (const r of rows) {
        seen.add(r.company_id);
        const signature = `${r.n}|${r.newest}`;
        if (this.signatures.get(r.company_id) === signature) continue;
        this.load(r.company_id, await this.rows(r.company_id));
        this.signatures.set(r.company_id, signature);
      }
      for (const companyId of this.signatures.keys()) {
        if (seen.has(companyId)) continue;
        this.load(companyId, []);
        this.signatures.delete(companyId);
      }
    } catch (err) {
      this.logger.warn({ err }, 'regions refresh failed');
    }
  }

  /** One committed report, newest of its terminal (older ones make no edge). */
  observe(p: StoredPosition, vehicle: VehicleInfo | undefined): void {
    const events = this.index.test(p.companyId, p.terminalPhone, p.lat, p.lng, p.eventTime);
    for (let i = 0; i < events.length; i++) this.record(p, vehicle, events[i] as FenceEvent);
  }

  private record(p: StoredPosition, vehicle: VehicleInfo | undefined, e: FenceEvent): void {
    const code = ALARM_CODES[e.kind];
    const region = e.fence;
    const attached: Record<string, unknown> = {
      region_id: region.id,
      region_name: region.name,
      region_type: region.type,
      use_type: region.useType,
    };
    if (e.kind !== 'enter') attached.dwell_seconds = e.dwellSeconds;
    // Instant alarms: the visit itself (with its dwell) is the region_visits row.
    this.sink.raise(
      alarmRow(
        p.companyId,
        p.terminalPhone,
        vehicle,
        {
          alarmKey: `${p.terminalPhone}_${code}_${e.time}_${region.id}`,
          alarmType: 0,
          level: platformAlarm(code)?.level ?? 1,
          code,
          deviceAlarmId: 0,
          deviceType: 'PLATFORM',
          eventTime: e.time,
          endTime: e.time,
          speed: p.speed,
          lat: e.lat,
          lng: e.lng,
          attached,
          attachedCount: 0,
        },
        this.now(),
      ),
    );
    // An overstay is said during the visit; the visit goes on.
    if (e.kind === 'overstay') return;
    // One literal (an exit's fields spread onto an enter's cost V8 about 1 µs here).
    const visit = {
      companyId: p.companyId,
      regionId: region.id,
      vehicleId: vehicle?.carId ?? p.vehicleId,
      terminalPhone: p.terminalPhone,
      enterTime: e.enterTime,
      exitTime: e.time,
      dwellSeconds: e.dwellSeconds,
    };
    if (e.kind === 'enter') this.visits.open(visit);
    else this.visits.close(visit);
  }

  /** A company's regions into the index; the writer forgets the open visits of the regions deleted. */
  private load(companyId: number, rows: readonly FenceSource[]): void {
    this.index.load(companyId, rows);
    this.visits.keepRegions(companyId, new Set(rows.map((r) => r.id)));
  }

  private rows(companyId: number): Promise<FenceSource[]> {
    return regionDb(this.db)
      .selectFrom('regions')
      .select(['id', 'region_name', 'region_type', 'use_type', 'region_point', 'region_option'])
      .where('company_id', '=', companyId)
      .where('region_type', '>=', 1)
      .execute();
  }
}
