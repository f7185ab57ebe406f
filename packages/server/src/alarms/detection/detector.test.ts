import { epochToLocalTime, type LocationItem, makeLocation } from '@headway/protocol';
import {
  PlatformAlarmCode,
  platformAlarm,
  safetyAlarmCode,
  tpmsAlarmCode,
  videoAlarmCode,
  WARNING_BIT_ALARM_CODES,
  WarningMask,
} from '@headway/spec';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VehicleInfo } from '../../ingest/directory.ts';
import type { LineGeometry, ProgressUpdate } from '../../progress/index.ts';
import { type StoredPosition, toStoredPosition } from '../../tracks/position-row.ts';
import { TerminusDepots } from './depots.ts';
import { AlarmDetector } from './detector.ts';
import { type AlarmRules, DEFAULT_ALARM_RULES } from './rules.ts';
import { adasItem, bsdItem, dsmItem, tpmsItem } from './testing/items.ts';
import { MemorySink } from './testing/memory-sink.ts';

// The detector on its own: edges of the alarm word and the video word, T/JSATL12 items, the platform's alarms,
// resent reports, restore. Its decisions land in a memory sink (the writer is tested against real databases in
// writer.test.ts, the whole chain in alarms-ingest.test.ts).

const COMPANY = 7;
const PHONE = '013800000001';
const T0 = 1_790_000_000;

const vehicle: VehicleInfo = {
  companyId: COMPANY,
  carId: 11,
  carName: 'Bus 11',
  imei: '860000000000011',
  terminalPhone: PHONE,
  routeCode: 'L1',
  routeName: 'Line 1',
  routeId: 3,
  lpn: 'B-0011',
  speedLimit: null,
};

// Line 1 runs from (22.500, 114.000) to (22.520, 114.000): its termini are the depots until regions exist.
const line: LineGeometry = {
  routeCode: 'L1',
  routeName: 'Line 1',
  category: 0,
  directions: [
    {
      direction: 1,
      path: [
        [114.0, 22.5],
        [114.0, 22.52],
      ],
      stations: [
        { serial: 1, name: 'North', distance: 0, lat: 22.5, lng: 114.0 },
        { serial: 2, name: 'South', distance: 2224, lat: 22.52, lng: 114.0 },
      ],
    },
  ],
};

interface ReportInput {
  time: number;
  warning?: number;
  speed?: number;
  lat?: number;
  lng?: number;
  items?: LocationItem[];
  receiveTime?: number;
}

function report(r: ReportInput): StoredPosition {
  return toStoredPosition(
    makeLocation({
      lat: r.lat ?? 22.51,
      lng: r.lng ?? 114.0,
      speedKmh: r.speed ?? 30,
      direction: 0,
      time: epochToLocalTime(r.time, 480),
      alarmFlags: r.warning ?? 0,
      status: 3,
      items: [{ id: 0x31, satellites: 9 }, ...(r.items ?? [])],
    }),
    {
      companyId: COMPANY,
      terminalPhone: PHONE,
      vehicleId: vehicle.carId,
      utcOffsetMinutes: 480,
      receiveTime: r.receiveTime ?? r.time + 1,
    },
  );
}

function deviating(on: boolean, time: number): ProgressUpdate {
  return {
    snapshot: { deviating: on },
    deviation: { kind: on ? 'start' : 'end', time, offset: 95 },
  } as unknown as ProgressUpdate;
}

describe('alarm detector', () => {
  let sink: MemorySink;
  let detector: AlarmDetector;
  let rules: AlarmRules;
  let now: number;

  beforeEach(() => {
    sink = new MemorySink();
    rules = { ...DEFAULT_ALARM_RULES };
    now = T0;
    detector = new AlarmDetector(sink, {
      rules: () => rules,
      vehicle: (companyId, phone) => (companyId === COMPANY && phone === PHONE ? vehicle : undefined),
      depots: new TerminusDepots((_c, code) => (code === 'L1' ? { geometry: line } : undefined)),
      now: () => now,
    });
  });

  const observe = (r: ReportInput, progress?: ProgressUpdate) => detector.observe(report(r), vehicle, progress);

  it('raises one alarm when a bit of the alarm word rises and ends it when it falls, never one per report', () => {
    observe({ time: T0 });
    observe({ time: T0 + 10, warning: WarningMask.sos });
    observe({ time: T0 + 20, warning: WarningMask.sos });
    observe({ time: T0 + 30, warning: WarningMask.sos });
    expect(sink.alarms).toHaveLength(1);
    const sos = sink.alarms[0];
    expect(sos?.row).toMatchObject({
      company_id: COMPANY,
      car_id: 11,
      car_name: 'Bus 11',
      route_id: 3,
      route_name: 'Line 1',
      lpn: 'B-0011',
      imei: '860000000000011',
      terminal_phone: PHONE,
      device_type: 'GPS',
      alarm_type: 0,
      platform_alarm_id: 1,
      alarm_level: 3,
      event_time: T0 + 10,
      end_time: null,
      speed: 30,
    });
    expect(JSON.parse(sos?.row.attached ?? '{}')).toMatchObject({ sat: 9, w: 1 });
    expect(sos?.endTime).toBeNull();

    observe({ time: T0 + 40 });
    expect(sos?.endTime).toBe(T0 + 40);
    observe({ time: T0 + 50 });
    expect(sink.alarms).toHaveLength(1);
    expect(sink.ends).toBe(1);
  });

  it('maps every one of the 32 bits to its catalogue code and level, several at once', () => {
    observe({ time: T0, warning: 0xffffffff });
    expect(sink.alarms).toHaveLength(32);
    for (let bit = 0; bit < 32; bit++) {
      const alarm = sink.alarms.find((a) => a.row.alarm_type === bit);
      const code = WARNING_BIT_ALARM_CODES[bit] as number;
      expect(code).toBeGreaterThan(0);
      expect(alarm?.row).toMatchObject({ platform_alarm_id: code, alarm_level: platformAlarm(code)?.level });
    }
    // Only bit 1 falls: only the speeding alarm ends.
    observe({ time: T0 + 5, warning: 0xffffffff & ~WarningMask.speeding });
    expect(sink.ends).toBe(1);
    expect(sink.alarms.find((a) => a.row.alarm_type === 1)?.endTime).toBe(T0 + 5);
    expect(sink.alarms).toHaveLength(32);
  });

  it('makes no edge from a resent report older than the newest (blind-area batch, resend after reconnect)', () => {
    observe({ time: T0 + 100, warning: WarningMask.collision });
    // Reports from before the collision arrive late with the bit clear, then one from before with SOS set.
    observe({ time: T0 + 40 });
    observe({ time: T0 + 50, warning: WarningMask.sos });
    expect(sink.alarms.map((a) => a.row.platform_alarm_id)).toEqual([WARNING_BIT_ALARM_CODES[29]]);
    expect(sink.ends).toBe(0);
    // The same newest report again changes nothing either.
    observe({ time: T0 + 100, warning: WarningMask.collision });
    expect(sink.alarms).toHaveLength(1);
  });

  it('raises ADAS and DSM alarms from their items with key, level, type, id and attachment count', () => {
    observe({
      time: T0,
      items: [
        adasItem({ alarmId: 41, flag: 0, type: 1, level: 2, time: T0 - 2, ident: { seq: 3, attachments: 4 } }),
        dsmItem({
          alarmId: 42,
          flag: 0,
          type: 2,
          level: 1,
          time: T0 - 1,
          ident: { terminalId: 'DSM0001', seq: 0, attachments: 2 },
        }),
      ],
    });
    expect(sink.alarms).toHaveLength(2);
    const [adas, dsm] = sink.alarms;
    expect(adas?.row).toMatchObject({
      alarm_key: `T000001_${bcd(T0 - 2)}_3`,
      device_type: 'ADAS',
      alarm_type: 1,
      alarm_level: 2,
      platform_alarm_id: safetyAlarmCode(0x64, 1),
      device_alarm_id: 41,
      attached_count: 4,
      event_time: T0 - 2,
      // An event: no duration.
      end_time: T0 - 2,
      lat: 22.543,
      lng: 114.057,
      speed: 40,
    });
    expect(adas?.ident).toEqual({
      terminalId: 'T000001',
      time: bcd(T0 - 2),
      seq: 3,
      attachmentCount: 4,
      reservedHex: '00',
    });
    const attached = JSON.parse(adas?.row.attached ?? '{}');
    expect(attached).toMatchObject({ flag: 0, item: { type: 1, level: 2, frontDistance: 12 }, ident: { seq: 3 } });
    expect(dsm?.row).toMatchObject({
      alarm_key: `DSM0001_${bcd(T0 - 1)}_0`,
      device_type: 'DSM',
      alarm_type: 2,
      platform_alarm_id: safetyAlarmCode(0x65, 2),
      attached_count: 2,
    });
  });

  it('drops a repeated identification, even in a resent older report', () => {
    const item = dsmItem({ alarmId: 5, flag: 0, type: 1, time: T0, ident: { seq: 1, attachments: 3 } });
    observe({ time: T0, items: [item] });
    observe({ time: T0 + 10 });
    observe({ time: T0, items: [item] });
    expect(sink.alarms).toHaveLength(1);
    // A new identification in a resent (blind-area) report is a real alarm not seen before.
    observe({ time: T0 - 60, items: [dsmItem({ alarmId: 4, flag: 0, type: 3, time: T0 - 60 })] });
    expect(sink.alarms.map((a) => a.row.alarm_type)).toEqual([1, 3]);
  });

  it('opens an alarm on a start flag and ends it on the end flag of the same alarm id', () => {
    observe({ time: T0, items: [adasItem({ alarmId: 9, flag: 1, type: 2, time: T0, ident: { seq: 0 } })] });
    expect(sink.alarms[0]?.row.end_time).toBeNull();
    observe({ time: T0 + 8, items: [adasItem({ alarmId: 9, flag: 2, type: 2, time: T0 + 7, ident: { seq: 1 } })] });
    expect(sink.alarms).toHaveLength(1);
    expect(sink.alarms[0]?.endTime).toBe(T0 + 7);
    // An end whose start was never seen is kept as an instant alarm.
    observe({ time: T0 + 20, items: [bsdItem({ alarmId: 77, flag: 2, type: 2, time: T0 + 20 })] });
    expect(sink.alarms[1]?.row).toMatchObject({
      device_type: 'BSD',
      alarm_type: 2,
      platform_alarm_id: safetyAlarmCode(0x67, 2),
      event_time: T0 + 20,
      end_time: T0 + 20,
    });
  });

  it('raises one TPMS alarm per set event bit and per tyre, not for the periodic bit 0', () => {
    observe({
      time: T0,
      items: [
        tpmsItem({
          alarmId: 3,
          flag: 1,
          time: T0,
          events: [
            { tyrePosition: 1, alarmType: 0b0000_0101 }, // periodic + high pressure
            { tyrePosition: 4, alarmType: 0b1000_1000 }, // high temperature + low battery
          ],
        }),
      ],
    });
    expect(
      sink.alarms.map((a) => [JSON.parse(a.row.attached).tyre, a.row.alarm_type, a.row.platform_alarm_id]),
    ).toEqual([
      [1, 2, tpmsAlarmCode(2)],
      [4, 3, tpmsAlarmCode(3)],
      [4, 7, tpmsAlarmCode(7)],
    ]);
    expect(sink.alarms.every((a) => a.row.device_type === 'TPMS' && a.row.end_time === null)).toBe(true);
    observe({
      time: T0 + 30,
      items: [
        tpmsItem({
          alarmId: 3,
          flag: 2,
          time: T0 + 30,
          ident: { seq: 1 },
          events: [{ tyrePosition: 4, alarmType: 0b1000 }],
        }),
      ],
    });
    expect(sink.alarms.map((a) => a.endTime)).toEqual([null, T0 + 30, null]);
  });

  it('raises JT/T 1078 video alarms (item 0x14) on edges like the alarm word', () => {
    const video = (word: number): LocationItem => ({ id: 0x14, videoAlarm: word });
    observe({ time: T0, items: [video(0b10)] });
    observe({ time: T0 + 10, items: [video(0b10)] });
    observe({ time: T0 + 20, items: [video(0b11)] });
    // The item absent: no video alarm any more.
    observe({ time: T0 + 30 });
    expect(sink.alarms.map((a) => [a.row.platform_alarm_id, a.row.alarm_type, a.row.event_time, a.endTime])).toEqual([
      [videoAlarmCode(1), 1, T0, T0 + 30],
      [videoAlarmCode(0), 0, T0 + 20, T0 + 30],
    ]);
  });

  it('raises over-speed after the limit is held for over_speed_seconds, at the time it started', () => {
    rules.over_speed_kmh = 50;
    observe({ time: T0, speed: 45 });
    observe({ time: T0 + 5, speed: 62 });
    // One fast report then slower: not held.
    observe({ time: T0 + 10, speed: 48 });
    observe({ time: T0 + 20, speed: 55 });
    observe({ time: T0 + 25, speed: 57 });
    expect(sink.alarms).toHaveLength(0);
    observe({ time: T0 + 30, speed: 58 });
    expect(sink.alarms).toHaveLength(1);
    expect(sink.alarms[0]?.row).toMatchObject({
      device_type: 'PLATFORM',
      platform_alarm_id: PlatformAlarmCode.overSpeed,
      event_time: T0 + 20,
      speed: 58,
      alarm_level: 2,
    });
    observe({ time: T0 + 40, speed: 70 });
    observe({ time: T0 + 50, speed: 50 });
    expect(sink.alarms).toHaveLength(1);
    expect(sink.alarms[0]?.endTime).toBe(T0 + 50);
  });

  it("takes the vehicle's (or its line's) speed limit over the company's, and 0 as no limit", () => {
    rules.over_speed_kmh = 50;
    const slow = { ...vehicle, speedLimit: 30 };
    const free = { ...vehicle, speedLimit: 0 };
    detector.observe(report({ time: T0, speed: 40 }), slow, undefined);
    detector.observe(report({ time: T0 + 15, speed: 40 }), slow, undefined);
    expect(sink.alarms).toHaveLength(1);
    detector.observe(report({ time: T0 + 30, speed: 20 }), free, undefined);
    detector.observe(report({ time: T0 + 40, speed: 120 }), free, undefined);
    detector.observe(report({ time: T0 + 60, speed: 120 }), free, undefined);
    expect(sink.alarms).toHaveLength(1);
  });

  it('raises route deviation while the progress engine says deviating', () => {
    observe({ time: T0 });
    observe({ time: T0 + 10 }, deviating(true, T0 + 10));
    observe({ time: T0 + 20 }, { snapshot: { deviating: true }, deviation: null } as unknown as ProgressUpdate);
    expect(sink.alarms.map((a) => [a.row.platform_alarm_id, a.row.event_time])).toEqual([
      [PlatformAlarmCode.routeDeviation, T0 + 10],
    ]);
    expect(JSON.parse(sink.alarms[0]?.row.attached ?? '{}')).toEqual({ offset: 95 });
    observe({ time: T0 + 30 }, deviating(false, T0 + 30));
    expect(sink.alarms[0]?.endTime).toBe(T0 + 30);
  });

  it('raises long parking outside a depot after parking_minutes, not at a terminus of its line', () => {
    rules.parking_minutes = 20;
    // Parked mid-line (2 km from both termini).
    observe({ time: T0, speed: 0, lat: 22.51 });
    observe({ time: T0 + 19 * 60, speed: 0, lat: 22.51 });
    expect(sink.alarms).toHaveLength(0);
    observe({ time: T0 + 20 * 60, speed: 0, lat: 22.51 });
    expect(sink.alarms[0]?.row).toMatchObject({ platform_alarm_id: PlatformAlarmCode.longParking, event_time: T0 });
    observe({ time: T0 + 21 * 60, speed: 12, lat: 22.511 });
    expect(sink.alarms[0]?.endTime).toBe(T0 + 21 * 60);

    // Laid over 150 m from the south terminus: its depot.
    observe({ time: T0 + 30 * 60, speed: 0, lat: 22.5187 });
    observe({ time: T0 + 60 * 60, speed: 0, lat: 22.5187 });
    expect(sink.alarms).toHaveLength(1);
    // A vehicle with no line has no depot the platform knows of: not judged.
    const lineless = { ...vehicle, routeCode: null };
    detector.observe(report({ time: T0 + 61 * 60, speed: 20 }), lineless, undefined);
    detector.observe(report({ time: T0 + 62 * 60, speed: 0 }), lineless, undefined);
    detector.observe(report({ time: T0 + 99 * 60, speed: 0 }), lineless, undefined);
    expect(sink.alarms).toHaveLength(1);
  });

  it('raises offline when a vehicle is silent for offline_minutes and ends it when it reports again', () => {
    observe({ time: T0, receiveTime: T0 });
    detector.sweep(T0 + 29 * 60);
    expect(sink.alarms).toHaveLength(0);
    detector.sweep(T0 + 30 * 60);
    detector.sweep(T0 + 31 * 60);
    expect(sink.alarms).toHaveLength(1);
    expect(sink.alarms[0]?.row).toMatchObject({
      platform_alarm_id: PlatformAlarmCode.offline,
      event_time: T0 + 30 * 60,
      car_id: 11,
      lat: 22.51,
    });
    observe({ time: T0 + 40 * 60, receiveTime: T0 + 40 * 60 });
    expect(sink.alarms[0]?.endTime).toBe(T0 + 40 * 60);
    rules.offline_minutes = 0;
    detector.sweep(T0 + 999 * 60);
    expect(sink.alarms).toHaveLength(1);
  });

  it('does not count the time the platform was down toward offline', () => {
    now = T0 + 3600;
    const restarted = new AlarmDetector(sink, {
      rules: () => rules,
      vehicle: () => vehicle,
      depots: new TerminusDepots(() => undefined),
      now: () => now,
    });
    // Last heard an hour before the restart (saved live state).
    restarted.seen(COMPANY, PHONE, T0, 22.5, 114.0);
    restarted.sweep(T0 + 3600 + 60);
    expect(sink.alarms).toHaveLength(0);
    restarted.sweep(T0 + 3600 + 30 * 60);
    expect(sink.alarms[0]?.row).toMatchObject({ event_time: T0 + 3600 + 30 * 60, lat: 22.5 });
    expect(JSON.parse(sink.alarms[0]?.row.attached ?? '{}')).toMatchObject({ last_receive: T0 });
  });

  it('takes back open alarms: no second alarm for a bit still set, and the restored one ends', () => {
    observe({ time: T0, warning: WarningMask.sos | WarningMask.powerCut });
    observe({
      time: T0 + 10,
      warning: WarningMask.sos | WarningMask.powerCut,
      items: [adasItem({ alarmId: 8, flag: 1, type: 1, time: T0 + 10 })],
    });
    rules.over_speed_kmh = 20;
    observe({ time: T0 + 20, speed: 30, warning: WarningMask.sos | WarningMask.powerCut });
    observe({ time: T0 + 40, speed: 30, warning: WarningMask.sos | WarningMask.powerCut });
    const open = sink.alarms.filter((a) => a.endTime === null).map((a, i) => ({ ...a.row, id: 100 + i }));
    expect(open.map((r) => r.platform_alarm_id)).toEqual([
      1105,
      1,
      safetyAlarmCode(0x64, 1),
      PlatformAlarmCode.overSpeed,
    ]);

    const after = new MemorySink();
    const restarted = new AlarmDetector(after, {
      rules: () => rules,
      vehicle: () => vehicle,
      depots: new TerminusDepots(() => undefined),
      now: () => now,
    });
    restarted.restore(open);
    after.alarms.length = 0;
    // SOS still set, power cut gone, the ADAS alarm ends, still too fast.
    restarted.observe(report({ time: T0 + 60, speed: 30, warning: WarningMask.sos }), vehicle, undefined);
    restarted.observe(
      report({
        time: T0 + 61,
        speed: 30,
        warning: WarningMask.sos,
        items: [adasItem({ alarmId: 8, flag: 2, type: 1, time: T0 + 61, ident: { seq: 1 } })],
      }),
      vehicle,
      undefined,
    );
    expect(after.alarms).toHaveLength(0);
    expect(after.ends).toBe(2);
    restarted.observe(report({ time: T0 + 70, speed: 10 }), vehicle, undefined);
    expect(after.ends).toBe(4);
  });
});

/** Epoch → the identification's BCD digits YYMMDDhhmmss in GMT+8. */
function bcd(epoch: number): string {
  return epochToLocalTime(epoch, 480).replace(/[-T:]/g, '').slice(2);
}
