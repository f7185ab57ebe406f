import { StateMask, stateFromTerminal, WarningMask } from '@headway/spec';
import type { AlarmDetector } from '../alarms/detection/detector.ts';
import type { VehicleAlarmState } from '../alarms/detection/state.ts';
import type { NewStationEvent } from '../departures/schema.ts';
import { realDataOf } from '../live/from-position.ts';
import type { RealData, RealDataAttached } from '../live/real-data.ts';
import type { PositionReport, ProgressUpdate } from '../progress/index.ts';
import type { RegionFencing } from '../regions/geofence/fencing.ts';
import type { StoredPosition } from '../tracks/position-row.ts';
import { type VehicleInfo, vehicleKey } from './directory.ts';
import type { DirectoryCache } from './directory-cache.ts';
import type { CompanyEngines } from './engines.ts';
import type { IngestStats } from './options.ts';
import type { SavedLiveState } from './state-store.ts';
import { vendorItemsOf } from './vendor-items.ts';

// One committed position → vehicle lookup → route progress → enriched real_data and station events.
// See docs/ingest.md "Pipeline" for the fields.

/** At or above this a vehicle counts as moving for `mt`. */
const MOVING_KMH = 1;

interface VehicleMemory {
  lastEt: number;
  moving: boolean;
  movingTime: number;
  /** Last vendor data seen (terminals send it on every report, but keep it when one is missing). */
  passenger?: RealData['passenger'];
  card?: RealData['card'];
  /** The alarm detector's state of this terminal, kept here so detection costs no lookup of its own. */
  alarms: VehicleAlarmState | undefined;
}

/** A stored position as the warm-up reads it back (warm-up.ts). */
export interface ReplayedPosition {
  company_id: number;
  terminal_phone: string;
  lat: number;
  lng: number;
  speed: number;
  azimuth: number;
  state: number;
  event_time: number;
}

export interface Enriched {
  data: RealData;
  /** The vehicle the position belongs to, when the directory knows it (its live state is kept). */
  carId: number | undefined;
}

export class Enricher {
  private readonly memory = new Map<string, VehicleMemory>();

  constructor(
    private readonly directory: DirectoryCache,
    private readonly engines: CompanyEngines,
    private readonly stats: IngestStats,
    private readonly now: () => number,
    /** Alarm detection sees every committed position, with its vehicle and progress (docs/alarms.md). */
    private readonly alarms?: AlarmDetector,
    /** Geofencing sees every committed position that is its terminal's newest (regions/geofence). */
    private readonly regions?: RegionFencing,
  ) {}

  /**
   * The real_data to publish for one committed position, with the station events it completes appended to
   * `events`. Undefined for a resent (blind-area) report older than the vehicle's newest: it is stored and feeds
   * the engine, but the map keeps the newest fix.
   */
  enrich(p: StoredPosition, events: NewStationEvent[]): Enriched | undefined {
    this.stats.processed++;
    const vehicle = this.directory.vehicle(p.companyId, p.terminalPhone);
    if (!vehicle && p.vehicleId !== null) this.directory.missed();
    const memory = this.memoryOf(p.companyId, p.terminalPhone, p.eventTime);
    const older = p.eventTime < memory.lastEt;

    let state = stateFromTerminal(p.state, p.speed);
    let warning = p.warning >>> 0;
    let route: RealData['route'];
    const update = vehicle ? this.progress(vehicle, p.companyId, this.reportOf(p, state)) : undefined;
    if (this.alarms) {
      memory.alarms ??= this.alarms.stateOf(p.companyId, p.terminalPhone);
      this.alarms.observe(p, vehicle, update, memory.alarms);
    }
    if (vehicle && update) {
      state = update.state >>> 0;
      if (update.deviation?.kind === 'start') this.stats.deviations++;
      if (update.snapshot.deviating) warning = (warning | update.warningMask | WarningMask.routeDeviation) >>> 0;
      else state = (state & ~StateMask.deviation) >>> 0;
      route = { ...update.snapshot.route };
      for (const e of update.stationEvents) {
        events.push({
          company_id: p.companyId,
          imei: vehicle.imei,
          terminal_phone: p.terminalPhone,
          car_id: vehicle.carId,
          car_name: vehicle.carName,
          route_code: e.routeCode,
          route_name: e.routeName || vehicle.routeName || '',
          direction: e.direction,
          serial: e.serial,
          station_name: e.stationName,
          flag: e.flag,
          event_time: e.eventTime,
          state,
          support: e.estimated ? 1 : 0,
          created_at: this.now(),
        });
      }
    }
    if (older) return undefined;
    this.regions?.observe(p, vehicle);

    const moving = p.speed >= MOVING_KMH;
    if (moving !== memory.moving) {
      memory.moving = moving;
      memory.movingTime = p.eventTime;
    }
    memory.lastEt = p.eventTime;
    this.rememberVendorItems(p, memory);

    const att: RealDataAttached = {};
    if (memory.card?.dei) att.dei = memory.card.dei;
    if (memory.card?.den) att.den = memory.card.den;
    const data = realDataOf(p, {
      imei: vehicle?.imei ?? p.terminalPhone,
      s: state,
      w: warning,
      mt: memory.movingTime,
      route,
      passenger: memory.passenger,
      card: memory.card,
      att,
    });
    return { data, carId: vehicle?.carId };
  }

  /**
   * Warm-up: feeds a stored position to its vehicle's engine so the trip's progress carries on after a restart.
   * Nothing is published and the events are discarded (they were stored before). False when the position's
   * vehicle is not bound to a known line.
   */
  replay(row: ReplayedPosition): boolean {
    const vehicle = this.directory.vehicle(row.company_id, row.terminal_phone);
    if (!vehicle?.routeCode || !this.directory.hasLine(row.company_id, vehicle.routeCode)) return false;
    this.progress(vehicle, row.company_id, {
      lat: row.lat,
      lng: row.lng,
      speed: row.speed,
      azimuth: row.azimuth,
      time: row.event_time,
      state: stateFromTerminal(row.state, row.speed),
    });
    const memory = this.memory.get(vehicleKey(row.company_id, row.terminal_phone));
    if (memory) memory.lastEt = Math.max(memory.lastEt, row.event_time);
    return true;
  }

  /** A saved live state (state-store.ts): the vehicle's moving time and vendor data carry on over the restart. */
  restore(saved: SavedLiveState): void {
    this.memory.set(vehicleKey(saved.companyId, saved.terminalPhone), {
      lastEt: 0,
      moving: saved.realData.v >= MOVING_KMH,
      movingTime: saved.realData.mt ?? saved.realData.et,
      alarms: undefined,
      ...(saved.realData.passenger ? { passenger: saved.realData.passenger } : {}),
      ...(saved.realData.card ? { card: saved.realData.card } : {}),
    });
  }

  private progress(vehicle: VehicleInfo, companyId: number, report: PositionReport): ProgressUpdate | undefined {
    if (!vehicle.routeCode) return undefined;
    const engine = this.engines.of(companyId);
    const key = String(vehicle.carId);
    engine.bind(key, vehicle.routeCode);
    return engine.update(key, report) ?? undefined;
  }

  private reportOf(p: StoredPosition, state: number): PositionReport {
    return { lat: p.lat, lng: p.lng, speed: p.speed, azimuth: p.azimuth, time: p.eventTime, state };
  }

  private memoryOf(companyId: number, terminalPhone: string, eventTime: number): VehicleMemory {
    const key = vehicleKey(companyId, terminalPhone);
    let memory = this.memory.get(key);
    if (!memory) {
      memory = { lastEt: 0, moving: false, movingTime: eventTime, alarms: undefined };
      this.memory.set(key, memory);
    }
    return memory;
  }

  /** Vendor items 0xE1/0xE2 (vendor-items.ts); card holders' names from the employee registry. */
  private rememberVendorItems(p: StoredPosition, memory: VehicleMemory): void {
    const vendor = vendorItemsOf(p.report.items);
    if (vendor.passenger) memory.passenger = vendor.passenger;
    if (vendor.card) {
      const card = { ...vendor.card };
      const den = card.dei ? this.directory.employeeName(p.companyId, card.dei) : undefined;
      const cen = card.cei ? this.directory.employeeName(p.companyId, card.cei) : undefined;
      if (den) card.den = den;
      if (cen) card.cen = cen;
      memory.card = card;
    }
  }
}
