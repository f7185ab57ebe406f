import type { LocationItem } from '@headway/protocol';
import {
  type DeviceType,
  PlatformAlarmCode,
  platformAlarm,
  VIDEO_ALARM_BASE,
  videoAlarmCode,
  WARNING_BIT_ALARM_CODES,
  WARNING_BITS,
} from '@headway/spec';
import type { VehicleInfo } from '../../ingest/directory.ts';
import type { ProgressUpdate } from '../../progress/index.ts';
import { terminalAreaOf } from '../../regions/push/area-report.ts';
import { parseJson } from '../../store/json.ts';
import type { StoredPosition } from '../../tracks/position-row.ts';
import type { SafetyIdent } from '../body.ts';
import type { NewAlarm } from '../schema.ts';
import type { DepotLookup } from './depots.ts';
import { type AlarmFields, alarmRow, plainAlarmKey } from './records.ts';
import type { AlarmRules } from './rules.ts';
import { type SafetyHost, safetyItem } from './safety.ts';
import type { AlarmHandle, AlarmSink } from './sink.ts';
import { type OpenKey, safetyKey, tpmsKey, VehicleAlarmState, videoKey } from './state.ts';

/** Warning bits whose details name a pushed region: speeding (item 0x11), area and route in/out (item 0x12). */
const AREA_WARNING_BITS = new Set<number>([
  WARNING_BITS.speeding.bit,
  WARNING_BITS.areaInOut.bit,
  WARNING_BITS.routeInOut.bit,
]);

// Alarm detection (docs/alarms.md "Detection"): per terminal, from each committed position in event-time order.
// Pure: decisions go to an AlarmSink, which stores them. A report that changes nothing costs two map lookups and
// a few number comparisons; bits are walked only when a word changed, and no object is made unless an alarm
// starts or ends.

export interface DetectorContext {
  rules(companyId: number): Readonly<AlarmRules>;
  /** The directory's vehicle of a terminal (the offline sweep has no report to take it from). */
  vehicle(companyId: number, terminalPhone: string): VehicleInfo | undefined;
  depots: DepotLookup;
  /** Epoch seconds (created_at, the offline sweep). */
  now(): number;
}

export interface DetectorStats {
  observed: number;
  raised: number;
  ended: number;
}

/** Below this a vehicle stands (parking); the same 1 km/h the ingest's moving time uses. */
const STANDING_KMH = 1;

/** JT/T 1078 table 14 bits the catalogue names (the others are reserved). */
const VIDEO_MASK = (() => {
  let mask = 0;
  for (let bit = 0; bit < 32; bit++) if (platformAlarm(videoAlarmCode(bit))) mask |= 1 << bit;
  return mask >>> 0;
})();

/** An alarm stored and still open, as `restore` takes it back (alarms/detection/restore.ts). */
export interface OpenAlarmRow extends NewAlarm {
  id: number;
}

export class AlarmDetector implements SafetyHost {
  readonly stats: DetectorStats = { observed: 0, raised: 0, ended: 0 };
  private readonly companies = new Map<number, Map<string, VehicleAlarmState>>();
  /** When this detector started: the offline sweep does not count time the platform was not watching. */
  private readonly startedAt: number;

  constructor(
    private readonly sink: AlarmSink,
    private readonly context: DetectorContext,
  ) {
    this.startedAt = context.now();
  }

  /**
   * One committed position of a terminal, with its vehicle and the route-progress update when it is bound to a
   * line. Reports older than the terminal's newest (resent after a reconnect, blind-area batches) make no edge;
   * their active-safety items still count, once per identification. `s` is the terminal's state when the caller
   * keeps it (the ingest holds it beside its own per-vehicle memory, saving a lookup per report).
   */
  observe(
    p: StoredPosition,
    vehicle: VehicleInfo | undefined,
    progress: ProgressUpdate | undefined,
    s: VehicleAlarmState = this.stateOf(p.companyId, p.terminalPhone),
  ): void {
    this.stats.observed++;
    if (p.receiveTime > s.lastReceive) s.lastReceive = p.receiveTime;
    if (s.offline) this.endPlatform(s, 'offline', p.receiveTime);
    const older = p.eventTime < s.lastEt;
    const items = p.report.items;
    let video = 0;
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as LocationItem;
      const id = item.id;
      if (id === 0x14) {
        if ('videoAlarm' in item) video = item.videoAlarm >>> 0;
      } else if (id === 0x64) {
        if ('adas' in item) safetyItem(this, s, p, vehicle, id, item.adas);
      } else if (id === 0x65) {
        if ('dsm' in item) safetyItem(this, s, p, vehicle, id, item.dsm);
      } else if (id === 0x66) {
        if ('tpms' in item) safetyItem(this, s, p, vehicle, id, item.tpms);
      } else if (id === 0x67) {
        if ('bsd' in item) safetyItem(this, s, p, vehicle, id, item.bsd);
      }
    }
    if (older) return;
    s.lastEt = p.eventTime;
    s.lat = p.lat;
    s.lng = p.lng;
    s.speed = p.speed;
    const word = p.warning >>> 0;
    if (word !== s.word) this.wordEdges(s, p, vehicle, word);
    video = (video & VIDEO_MASK) >>> 0;
    if (video !== s.video) this.videoEdges(s, p, vehicle, video);
    this.platform(s, p, vehicle, progress);
  }

  /**
   * Offline too long: every terminal heard from (or restored) whose last report is older than its company's
   * `offline_minutes`. Called on a timer; `now` in epoch seconds.
   */
  sweep(now = this.context.now()): void {
    for (const [companyId, terminals] of this.companies) {
      const minutes = this.context.rules(companyId).offline_minutes;
      if (minutes <= 0) continue;
      const limit = minutes * 60;
      for (const s of terminals.values()) {
        if (s.offline || s.lastReceive === 0) continue;
        const since = Math.max(s.lastReceive, this.startedAt);
        if (now - since < limit) continue;
        const vehicle = this.context.vehicle(companyId, s.terminalPhone);
        // A device bound to no vehicle is on the bench, not in service.
        if (!vehicle) continue;
        s.offline = this.raisePlatform(s, vehicle, PlatformAlarmCode.offline, since + limit, s.speed, s.lat, s.lng, {
          last_receive: s.lastReceive,
          offline_minutes: minutes,
        });
      }
    }
  }

  /** A terminal's last known report from the saved live state: the offline sweep covers it before it reports. */
  seen(companyId: number, terminalPhone: string, receiveTime: number, lat: number, lng: number): void {
    const s = this.stateOf(companyId, terminalPhone);
    if (receiveTime <= s.lastReceive) return;
    s.lastReceive = receiveTime;
    if (s.lastEt === 0) {
      s.lat = lat;
      s.lng = lng;
    }
  }

  /** Takes back the alarms still open in the store, so a restart neither repeats nor forgets them. */
  restore(rows: readonly OpenAlarmRow[]): void {
    for (const row of rows) {
      const s = this.stateOf(row.company_id, row.terminal_phone);
      const { id, ...fields } = row;
      const handle = this.sink.adopt(id, fields);
      const code = row.platform_alarm_id;
      const bit = row.alarm_type;
      if (row.device_type === 'GPS' && bit >= 0 && bit < 32 && WARNING_BIT_ALARM_CODES[bit] === code) {
        s.word = (s.word | (1 << bit)) >>> 0;
        s.openMap().set(bit, handle);
      } else if (row.device_type === 'GPS' && code >= VIDEO_ALARM_BASE && code < VIDEO_ALARM_BASE + 32) {
        const vbit = code - VIDEO_ALARM_BASE;
        s.video = (s.video | (1 << vbit)) >>> 0;
        s.openMap().set(videoKey(vbit), handle);
      } else if (row.device_type === 'PLATFORM') {
        this.restorePlatform(s, row, handle);
      } else if (row.device_type === 'TPMS') {
        const tyre = Number(parseJson<{ tyre?: unknown }>(row.attached, {}).tyre ?? 0);
        s.openMap().set(tpmsKey(tyre, bit), handle);
      } else {
        const itemId = row.device_type === 'ADAS' ? 0x64 : row.device_type === 'BSD' ? 0x67 : 0x65;
        s.openMap().set(safetyKey(itemId, Number(row.device_alarm_id)), handle);
      }
    }
  }

  /** Identifications of recent active-safety alarms (a report resent after a restart is still recognised). */
  restoreRecent(
    rows: readonly { company_id: number; terminal_phone: string; device_type: string; alarm_key: string }[],
  ) {
    const itemIds: Record<string, number> = { ADAS: 0x64, DSM: 0x65, FM: 0x65, TPMS: 0x66, BSD: 0x67 };
    for (const r of rows) {
      const itemId = itemIds[r.device_type];
      if (itemId !== undefined) this.stateOf(r.company_id, r.terminal_phone).remember(`${itemId}|${r.alarm_key}`);
    }
  }

  /** Terminals the detector holds state for (tests, benches). */
  get terminals(): number {
    let n = 0;
    for (const t of this.companies.values()) n += t.size;
    return n;
  }

  // SafetyHost

  raise(
    s: VehicleAlarmState,
    p: StoredPosition,
    vehicle: VehicleInfo | undefined,
    fields: AlarmFields,
    key: OpenKey | undefined,
    ident?: SafetyIdent,
  ): void {
    const handle = this.sink.raise(alarmRow(p.companyId, p.terminalPhone, vehicle, fields, this.context.now()), ident);
    this.stats.raised++;
    if (key !== undefined) s.openMap().set(key, handle);
  }

  end(s: VehicleAlarmState, key: OpenKey, endTime: number): boolean {
    const handle = s.open?.get(key);
    if (!handle) return false;
    s.open?.delete(key);
    this.finish(handle, endTime);
    return true;
  }

  // The alarm word and the video word: one alarm per rising bit, ended when it falls.

  private wordEdges(s: VehicleAlarmState, p: StoredPosition, vehicle: VehicleInfo | undefined, word: number): void {
    let changed = (word ^ s.word) >>> 0;
    s.word = word;
    while (changed !== 0) {
      const bit = 31 - Math.clz32(changed);
      changed = (changed & ~(1 << bit)) >>> 0;
      if (((word >>> bit) & 1) === 0) {
        this.end(s, bit, p.eventTime);
        continue;
      }
      const code = WARNING_BIT_ALARM_CODES[bit] as number;
      const fields = this.deviceFields(p, code, bit, 'GPS');
      // The terminal's in/out and over-speed alarms name the pushed region they are about (items 0x11/0x12).
      const area = AREA_WARNING_BITS.has(bit) ? terminalAreaOf(p.attached) : undefined;
      if (area) fields.attached.area = area;
      this.raise(s, p, vehicle, fields, bit);
    }
  }

  private videoEdges(s: VehicleAlarmState, p: StoredPosition, vehicle: VehicleInfo | undefined, video: number): void {
    let changed = (video ^ s.video) >>> 0;
    s.video = video;
    while (changed !== 0) {
      const bit = 31 - Math.clz32(changed);
      changed = (changed & ~(1 << bit)) >>> 0;
      if (((video >>> bit) & 1) === 0) {
        this.end(s, videoKey(bit), p.eventTime);
        continue;
      }
      this.raise(s, p, vehicle, this.deviceFields(p, videoAlarmCode(bit), bit, 'GPS'), videoKey(bit));
    }
  }

  private deviceFields(p: StoredPosition, code: number, bit: number, deviceType: DeviceType): AlarmFields {
    const attached: Record<string, unknown> = { w: p.warning >>> 0, s: p.state >>> 0 };
    if (p.attached.satellites !== undefined) attached.sat = p.attached.satellites;
    if (p.attached.signal !== undefined) attached.gsm = p.attached.signal;
    return {
      alarmKey: plainAlarmKey(p.terminalPhone, code, p.eventTime),
      alarmType: bit,
      level: platformAlarm(code)?.level ?? 1,
      code,
      deviceAlarmId: 0,
      deviceType,
      eventTime: p.eventTime,
      endTime: null,
      speed: p.speed,
      lat: p.lat,
      lng: p.lng,
      attached,
      attachedCount: 0,
    };
  }

  // The platform's own alarms: route deviation, over-speed, long parking (offline is the sweep's).

  private platform(
    s: VehicleAlarmState,
    p: StoredPosition,
    vehicle: VehicleInfo | undefined,
    progress: ProgressUpdate | undefined,
  ): void {
    const t = p.eventTime;
    // The engine's level, not only its start/end events: an alarm restored open is ended by the first report the
    // engine finds on the route, even if the engine's own state began after the restart.
    const deviating = progress?.snapshot.deviating === true;
    if (deviating !== (s.deviation !== undefined)) {
      if (deviating) {
        const at = progress?.deviation?.kind === 'start' ? progress.deviation.time : t;
        s.deviation = this.raisePlatform(s, vehicle, PlatformAlarmCode.routeDeviation, at, p.speed, p.lat, p.lng, {
          offset: Math.round(progress?.deviation?.offset ?? 0),
        });
      } else {
        this.endPlatform(s, 'deviation', progress?.deviation?.kind === 'end' ? progress.deviation.time : t);
      }
    }

    const rules = this.context.rules(p.companyId);
    const limit = vehicle?.speedLimit ?? rules.over_speed_kmh;
    if (limit > 0 && p.speed > limit) {
      if (s.overSince === 0) s.overSince = t;
      if (!s.overSpeed && t - s.overSince >= rules.over_speed_seconds) {
        s.overSpeed = this.raisePlatform(s, vehicle, PlatformAlarmCode.overSpeed, s.overSince, p.speed, p.lat, p.lng, {
          limit,
        });
      }
    } else {
      s.overSince = 0;
      if (s.overSpeed) this.endPlatform(s, 'overSpeed', t);
    }

    if (p.speed < STANDING_KMH) {
      if (s.parkedSince === 0) s.parkedSince = t;
      const minutes = rules.parking_minutes;
      if (!s.parking && !s.parkingJudged && minutes > 0 && t - s.parkedSince >= minutes * 60) {
        // Judged once per stop: a standing vehicle does not move away from (or into) its depot.
        s.parkingJudged = true;
        const verdict = this.context.depots.judge(
          p.companyId,
          vehicle?.routeCode ?? null,
          p.lat,
          p.lng,
          rules.depot_radius_m,
        );
        if (verdict === 'outside') {
          s.parking = this.raisePlatform(s, vehicle, PlatformAlarmCode.longParking, s.parkedSince, 0, p.lat, p.lng, {
            parking_minutes: minutes,
          });
        }
      }
    } else {
      s.parkedSince = 0;
      s.parkingJudged = false;
      if (s.parking) this.endPlatform(s, 'parking', t);
    }
  }

  private raisePlatform(
    s: VehicleAlarmState,
    vehicle: VehicleInfo | undefined,
    code: number,
    eventTime: number,
    speed: number,
    lat: number,
    lng: number,
    attached: Record<string, unknown>,
  ): AlarmHandle {
    const row = alarmRow(
      s.companyId,
      s.terminalPhone,
      vehicle,
      {
        alarmKey: plainAlarmKey(s.terminalPhone, code, eventTime),
        alarmType: 0,
        level: platformAlarm(code)?.level ?? 1,
        code,
        deviceAlarmId: 0,
        deviceType: 'PLATFORM',
        eventTime,
        endTime: null,
        speed,
        lat,
        lng,
        attached,
        attachedCount: 0,
      },
      this.context.now(),
    );
    this.stats.raised++;
    return this.sink.raise(row);
  }

  private endPlatform(s: VehicleAlarmState, which: 'offline' | 'deviation' | 'overSpeed' | 'parking', t: number): void {
    const handle = s[which];
    if (!handle) return;
    s[which] = undefined;
    this.finish(handle, t);
  }

  private restorePlatform(s: VehicleAlarmState, row: OpenAlarmRow, handle: AlarmHandle): void {
    switch (row.platform_alarm_id) {
      case PlatformAlarmCode.offline:
        s.offline = handle;
        return;
      case PlatformAlarmCode.routeDeviation:
        s.deviation = handle;
        return;
      case PlatformAlarmCode.overSpeed:
        s.overSpeed = handle;
        s.overSince = row.event_time;
        return;
      case PlatformAlarmCode.longParking:
        s.parking = handle;
        s.parkedSince = row.event_time;
        s.parkingJudged = true;
        return;
      default:
        // A platform alarm this detector does not raise (regions): theirs to end.
        return;
    }
  }

  private finish(handle: AlarmHandle, endTime: number): void {
    // An end never precedes the start (a clock step on the terminal, a start restored from a later report).
    this.sink.end(handle, Math.max(endTime, handle.row.event_time));
    this.stats.ended++;
  }

  /** The state of a terminal, made on first use. */
  stateOf(companyId: number, terminalPhone: string): VehicleAlarmState {
    let terminals = this.companies.get(companyId);
    if (!terminals) {
      terminals = new Map();
      this.companies.set(companyId, terminals);
    }
    let s = terminals.get(terminalPhone);
    if (!s) {
      s = new VehicleAlarmState(companyId, terminalPhone);
      terminals.set(terminalPhone, s);
    }
    return s;
  }
}
