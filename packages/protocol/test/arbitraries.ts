/**
 * fast-check generators for every message body the codec encodes. Values are canonical (what the decoder
 * produces), so `decode(encode(x))` must equal `x`.
 */

import { PARAM_TYPES } from '@headway/spec';
import fc from 'fast-check';
import type { ProtocolVersion } from '../src/frame/header.ts';
import type { AlarmIdent } from '../src/location/alarm-ident.ts';
import type { LocationItem } from '../src/location/items.ts';
import type { LocationBasic, LocationReport } from '../src/location/report.ts';
import type { Param } from '../src/messages/parameters.ts';
import type { BodyMap, Jt808Message, MsgId } from '../src/messages/types.ts';

const u8 = fc.integer({ min: 0, max: 0xff });
const u16 = fc.integer({ min: 0, max: 0xffff });
const u32 = fc.integer({ min: 0, max: 0xffffffff });
const bytes = (max: number, min = 0) => fc.uint8Array({ minLength: min, maxLength: max });

const CHARS = [...'ABCXYZabcxyz0123456789-_.:;/ ', '测', '试', '粤', '京', '沪', '车', '围', '栏'];
/** GBK text of at most `maxBytes` bytes, no NUL (the decoder strips NUL padding). */
export const text = (maxBytes: number) =>
  fc.array(fc.constantFrom(...CHARS), { maxLength: maxBytes }).map((cs) => {
    let out = '';
    let n = 0;
    for (const c of cs) {
      const w = c.charCodeAt(0) < 0x80 ? 1 : 2;
      if (n + w > maxBytes) break;
      out += c;
      n += w;
    }
    return out;
  });
const ascii = (max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9]{0,${max}}$`));
const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
export const localTime = fc
  .tuple(two(99), two(12), two(31), two(23), two(59), two(59))
  .map(([y, mo, d, h, mi, s]) => `20${y}-${mo}-${d}T${h}:${mi}:${s}`);
const bcd12 = fc.stringMatching(/^[0-9]{12}$/);
const deg = fc.integer({ min: 0, max: 180_000_000 }).map((n) => n / 1e6);

export const basic: fc.Arbitrary<LocationBasic> = fc
  .record({
    alarm: u32,
    status: u32,
    latRaw: u32,
    lngRaw: u32,
    altitude: u16,
    speedRaw: u16,
    direction: u16,
    time: localTime,
  })
  .map((r) => {
    const south = (r.status & 4) !== 0;
    const west = (r.status & 8) !== 0;
    return {
      alarmFlags: r.alarm,
      status: r.status,
      latRaw: r.latRaw,
      lngRaw: r.lngRaw,
      lat: south ? -r.latRaw / 1e6 : r.latRaw / 1e6,
      lng: west ? -r.lngRaw / 1e6 : r.lngRaw / 1e6,
      south,
      west,
      altitude: r.altitude,
      speedRaw: r.speedRaw,
      speedKmh: r.speedRaw / 10,
      direction: r.direction,
      time: r.time,
    };
  });

export const alarmIdent: fc.Arbitrary<AlarmIdent> = fc.oneof(
  fc.record({ terminalId: ascii(7), time: localTime, seq: u8, attachmentCount: u8, reserved: bytes(1, 1) }),
  fc.record({ terminalId: ascii(30), time: localTime, seq: u8, attachmentCount: u8, reserved: bytes(2, 2) }),
);

const tail = { speed: u8, altitude: u16, lat: deg, lng: deg, time: localTime, vehicleStatus: u16, alarmIdent };

const VENDOR_IDS = [0x51, 0x52, 0x55, 0x58, 0x61, 0xb1, 0xb7, 0xbd, 0xe0, 0xe1, 0xe3, 0xeb, 0xf3, 0xfe];

export const item: fc.Arbitrary<LocationItem> = fc.oneof(
  u32.map((v) => ({ id: 0x01 as const, mileageKm: v / 10 })),
  u16.map((v) => ({ id: 0x02 as const, fuelL: v / 10 })),
  u16.map((v) => ({ id: 0x03 as const, recorderSpeedKmh: v / 10 })),
  u16.map((v) => ({ id: 0x04 as const, alarmEventId: v })),
  fc.array(u8, { minLength: 30, maxLength: 30 }).map((v) => ({ id: 0x05 as const, tyrePressure: v })),
  fc.integer({ min: -32767, max: 32767 }).map((v) => ({ id: 0x06 as const, cargoTemperature: v === 0 ? 0 : v })),
  fc.record({ id: fc.constant(0x11 as const), areaType: u8, areaId: fc.option(u32, { nil: undefined }) }),
  fc.record({ id: fc.constant(0x12 as const), areaType: u8, areaId: u32, direction: u8 }),
  fc.record({ id: fc.constant(0x13 as const), routeId: u32, driveTime: u16, result: u8 }),
  u32.map((v) => ({ id: 0x14 as const, videoAlarm: v })),
  u32.map((v) => ({ id: 0x15 as const, signalLossChannels: v })),
  u32.map((v) => ({ id: 0x16 as const, occlusionChannels: v })),
  u16.map((v) => ({ id: 0x17 as const, storageFault: v })),
  fc.record({ id: fc.constant(0x18 as const), abnormalDriving: u16, fatigueLevel: fc.option(u8, { nil: undefined }) }),
  u32.map((v) => ({ id: 0x25 as const, extSignal: v })),
  u16.map((v) => ({ id: 0x2a as const, ioStatus: v })),
  fc.record({ id: fc.constant(0x2b as const), ad0: u16, ad1: u16 }),
  u8.map((v) => ({ id: 0x30 as const, rssi: v })),
  u8.map((v) => ({ id: 0x31 as const, satellites: v })),
  fc
    .record({
      alarmId: u32,
      flag: u8,
      type: u8,
      level: u8,
      frontSpeed: u8,
      frontDistance: u8,
      deviateType: u8,
      roadSignType: u8,
      roadSignValue: u8,
      ...tail,
    })
    .map((adas) => ({ id: 0x64 as const, adas })),
  fc
    .record({ alarmId: u32, flag: u8, type: u8, level: u8, fatigue: u8, reserved: bytes(4, 4), ...tail })
    .map((dsm) => ({ id: 0x65 as const, dsm })),
  fc
    .record({
      alarmId: u32,
      flag: u8,
      ...tail,
      events: fc.array(fc.record({ tyrePosition: u8, alarmType: u16, pressure: u16, temperature: u16, battery: u16 }), {
        maxLength: 6,
      }),
    })
    .map((t) => ({ id: 0x66 as const, tpms: { ...t, eventCount: t.events.length } })),
  fc.record({ alarmId: u32, flag: u8, type: u8, ...tail }).map((bsd) => ({ id: 0x67 as const, bsd })),
  fc.record({ id: fc.constantFrom(...VENDOR_IDS), raw: bytes(40) }),
);

export const report: fc.Arbitrary<LocationReport> = fc
  .tuple(basic, fc.array(item, { maxLength: 6 }))
  .map(([b, items]) => ({ ...b, items }));

const NUMERIC_WIDTH = { byte: 1, word: 2, dword: 4 } as const;
const paramIds = [...PARAM_TYPES.keys()].filter((id) => id <= 0x0110 || id >= 0xf364);

export const param: fc.Arbitrary<Param> = fc.oneof(
  fc.constantFrom(...paramIds).chain((id): fc.Arbitrary<Param> => {
    const type = PARAM_TYPES.get(id)!;
    if (type === 'string') return text(60).map((value) => ({ id, value }));
    if (type === 'bytes') return bytes(60).map((value) => ({ id, value }));
    const width = NUMERIC_WIDTH[type];
    return fc
      .constantFrom(1, 2, 4)
      .chain((len) =>
        fc
          .integer({ min: 0, max: 2 ** (8 * len) - 1 })
          .map((value) => (len === width ? { id, value } : { id, value, len })),
      );
  }),
  fc.record({ id: fc.integer({ min: 0xf000, max: 0xf0ff }), value: bytes(40) }),
);

const limits = (attr: number, v2019: boolean) =>
  fc.record({
    start: attr & 1 ? bcd12 : fc.constant(undefined),
    end: attr & 1 ? bcd12 : fc.constant(undefined),
    maxSpeed: attr & 2 ? u16 : fc.constant(undefined),
    overspeedDuration: attr & 2 ? u8 : fc.constant(undefined),
    nightMaxSpeed: attr & 2 && v2019 ? u16 : fc.constant(undefined),
    name: v2019 ? text(40) : fc.constant(undefined),
  });

const withAttr = <T>(f: (attr: number) => fc.Arbitrary<T>) => u16.chain(f);
const file = fc.record({ name: text(60), size: u32 });

/** Generators keyed by message ID; a function of the protocol version where the layout depends on it. */
export function bodyArbitrary<K extends MsgId>(msgId: K, version: ProtocolVersion): fc.Arbitrary<BodyMap[K]> {
  const v2019 = version === 2019;
  const empty = fc.constant({});
  const general = fc.record({ replyFlowId: u16, replyMsgId: u16, result: u8 });
  const retransmit = fc.record({ originalFlowId: u16, packetIds: fc.array(u16, { maxLength: 40 }) });
  const fileInfo = fc.record({ name: text(60), fileType: u8, size: u32 });
  const passThrough = fc.record({ type: u8, data: bytes(200) });
  const ids = fc.record({ ids: fc.array(u32, { maxLength: 40 }) });
  const widths = version === 2011 ? [5, 8, 7] : version === 2013 ? [5, 20, 7] : [11, 30, 30];
  // One area of 0x8600/0x8602 and the whole 0x8604/0x8606 body: also the items of a 0x0608 answer.
  const circle = withAttr((attr) =>
    fc.tuple(fc.record({ id: u32, attr: fc.constant(attr), lat: deg, lng: deg, radius: u32 }), limits(attr, v2019)),
  ).map(([a, l]) => ({ ...a, ...l }));
  const rectangle = withAttr((attr) =>
    fc.tuple(
      fc.record({ id: u32, attr: fc.constant(attr), topLat: deg, leftLng: deg, bottomLat: deg, rightLng: deg }),
      limits(attr, v2019),
    ),
  ).map(([a, l]) => ({ ...a, ...l }));
  const polygon = withAttr((attr) =>
    fc.tuple(
      fc.record({
        id: u32,
        attr: fc.constant(attr),
        vertices: fc.array(fc.record({ lat: deg, lng: deg }), { maxLength: 10 }),
      }),
      limits(attr, v2019),
    ),
  ).map(([a, l]) => ({ ...a, ...l }));
  const route = withAttr((attr) =>
    fc.record({
      id: u32,
      attr: fc.constant(attr),
      start: attr & 1 ? bcd12 : fc.constant(undefined),
      end: attr & 1 ? bcd12 : fc.constant(undefined),
      points: fc.array(
        u8.chain((segAttr) =>
          fc.record({
            pointId: u32,
            segmentId: u32,
            lat: deg,
            lng: deg,
            width: u8,
            segAttr: fc.constant(segAttr),
            tooLong: segAttr & 1 ? u16 : fc.constant(undefined),
            tooShort: segAttr & 1 ? u16 : fc.constant(undefined),
            maxSpeed: segAttr & 2 ? u16 : fc.constant(undefined),
            overspeedDuration: segAttr & 2 ? u8 : fc.constant(undefined),
            nightMaxSpeed: segAttr & 2 && v2019 ? u16 : fc.constant(undefined),
          }),
        ),
        { maxLength: 6 },
      ),
      name: v2019 ? text(40) : fc.constant(undefined),
    }),
  );
  // A Map, not an object literal: the formatter would rewrite numeric keys in decimal.
  const table = new Map<number, fc.Arbitrary<unknown>>([
    [0x0001, general],
    [0x8001, general],
    [0x0002, empty],
    [0x0003, empty],
    [0x0004, empty],
    [0x8004, fc.record({ time: localTime })],
    [0x8204, empty],
    [0x8003, retransmit],
    [0x0005, retransmit],
    [
      0x0100,
      fc.record({
        province: u16,
        city: u16,
        maker: text(widths[0]!),
        model: text(widths[1]!),
        terminalId: text(widths[2]!),
        plateColor: u8,
        plate: text(20),
      }),
    ],
    [
      0x8100,
      fc.oneof(
        fc.record({ replyFlowId: u16, result: fc.constant(0), token: text(60) }),
        fc.record({ replyFlowId: u16, result: fc.integer({ min: 1, max: 255 }) }),
      ),
    ],
    [
      0x0102,
      v2019
        ? fc.record({ token: text(60), imei: ascii(15), softwareVersion: text(20) })
        : fc.record({ token: text(60) }),
    ],
    [0x0200, report],
    [0x8201, empty],
    [0x0201, fc.tuple(u16, report).map(([replyFlowId, r]) => ({ replyFlowId, ...r }))],
    [0x8202, fc.oneof(fc.record({ interval: u16 }), fc.record({ interval: u16, validity: u32 }))],
    [0x0704, fc.record({ type: u8, locations: fc.array(report, { maxLength: 5 }) })],
    [0x8103, fc.record({ params: fc.array(param, { maxLength: 12 }) })],
    [0x8104, empty],
    [0x8106, ids],
    [0x0104, fc.record({ replyFlowId: u16, paramCount: u8, params: fc.array(param, { maxLength: 12 }) })],
    [0x8105, fc.record({ command: u8, param: text(80) })],
    [0x8107, empty],
    [
      0x0107,
      fc.record({
        terminalType: u16,
        // 2019 makers of 6–11 bytes are detected by layout (reference §4.2), which random text can make ambiguous;
        // that path has its own example test, so the property sticks to the 5-byte maker of table 20.
        maker: text(5),
        model: text(v2019 ? 30 : 20),
        terminalId: text(v2019 ? 30 : 7),
        iccid: fc.stringMatching(/^[0-9]{20}$/),
        hwVersion: text(30),
        fwVersion: text(30),
        gnssAttr: u8,
        commAttr: u8,
      }),
    ],
    [0x8300, v2019 ? fc.record({ flag: u8, textType: u8, text: text(200) }) : fc.record({ flag: u8, text: text(200) })],
    [0x6006, fc.record({ encoding: u8, text: text(200) })],
    [0x0800, fc.record({ mediaId: u32, mediaType: u8, format: u8, event: u8, channel: u8 })],
    [
      0x0801,
      fc.record({
        mediaId: u32,
        mediaType: u8,
        format: u8,
        event: u8,
        channel: u8,
        location: basic,
        data: bytes(300),
      }),
    ],
    [0x8800, fc.record({ mediaId: u32, retransmitIds: fc.array(u16, { maxLength: 40 }) })],
    [
      0x8801,
      fc.record({
        channel: u8,
        command: u16,
        interval: u16,
        save: u8,
        resolution: u8,
        quality: u8,
        brightness: u8,
        contrast: u8,
        saturation: u8,
        chroma: u8,
      }),
    ],
    [
      0x0805,
      fc.oneof(
        fc.record({ replyFlowId: u16, result: fc.constant(0), mediaIds: fc.array(u32, { maxLength: 30 }) }),
        fc.record({ replyFlowId: u16, result: fc.integer({ min: 1, max: 255 }), mediaIds: fc.constant([]) }),
      ),
    ],
    [0x8600, fc.record({ action: u8, areas: fc.array(circle, { maxLength: 4 }) })],
    [0x8601, ids],
    [0x8602, fc.record({ action: u8, areas: fc.array(rectangle, { maxLength: 4 }) })],
    [0x8603, ids],
    [0x8604, polygon],
    [0x8605, ids],
    [0x8606, route],
    [0x8607, ids],
    [0x8608, fc.record({ type: fc.integer({ min: 1, max: 4 }), ids: fc.array(u32, { maxLength: 40 }) })],
    [
      0x0608,
      fc.oneof(
        fc.record({ type: fc.constant(1), items: fc.array(circle, { maxLength: 3 }) }),
        fc.record({ type: fc.constant(2), items: fc.array(rectangle, { maxLength: 3 }) }),
        fc.record({ type: fc.constant(3), items: fc.array(polygon, { maxLength: 3 }) }),
        fc.record({ type: fc.constant(4), items: fc.array(route, { maxLength: 3 }) }),
      ),
    ],
    [0x0900, passThrough],
    [0x8900, passThrough],
    [0x9003, empty],
    [
      0x1003,
      fc.record({
        audioCodec: u8,
        audioChannels: u8,
        audioSampleRate: u8,
        audioSampleBits: u8,
        audioFrameLength: u16,
        audioOutput: u8,
        videoCodec: u8,
        maxAudioChannels: u8,
        maxVideoChannels: u8,
      }),
    ],
    [0x9101, fc.record({ ip: text(40), tcpPort: u16, udpPort: u16, channel: u8, dataType: u8, streamType: u8 })],
    [0x9102, fc.record({ channel: u8, command: u8, closeType: u8, switchStream: u8 })],
    [0x9105, fc.record({ channel: u8, packetLoss: u8 })],
    [
      0x9201,
      fc.record({
        ip: text(40),
        tcpPort: u16,
        udpPort: u16,
        channel: u8,
        avType: u8,
        streamType: u8,
        storageType: u8,
        playbackMode: u8,
        speed: u8,
        start: localTime,
        end: localTime,
      }),
    ],
    [0x9202, fc.record({ channel: u8, control: u8, speed: u8, seekTime: localTime })],
    [
      0x9205,
      fc.record({
        channel: u8,
        start: localTime,
        end: localTime,
        alarmFlags: u32,
        videoAlarmFlags: u32,
        avType: u8,
        streamType: u8,
        storageType: u8,
      }),
    ],
    [
      0x1205,
      fc
        .record({
          replyFlowId: u16,
          items: fc.array(
            fc.record({
              channel: u8,
              start: localTime,
              end: localTime,
              alarmFlags: u32,
              videoAlarmFlags: u32,
              avType: u8,
              streamType: u8,
              storageType: u8,
              size: u32,
            }),
            { maxLength: 50 },
          ),
        })
        .map((b) => ({ ...b, total: b.items.length })),
    ],
    [
      0x9206,
      fc.record({
        ip: text(40),
        port: u16,
        user: text(20),
        password: text(20),
        path: text(60),
        channel: u8,
        start: localTime,
        end: localTime,
        alarmFlags: u32,
        videoAlarmFlags: u32,
        avType: u8,
        streamType: u8,
        storageType: u8,
        taskCondition: u8,
      }),
    ],
    [0x1206, fc.record({ replyFlowId: u16, result: u8 })],
    [0x9207, fc.record({ replyFlowId: u16, control: u8 })],
    [
      0x9208,
      fc.record({
        ip: text(40),
        tcpPort: u16,
        udpPort: u16,
        alarmIdent,
        alarmNo: ascii(32),
        reserved: bytes(16, 16),
      }),
    ],
    [
      0x1210,
      alarmIdent.chain((ident) =>
        fc.record({
          terminalId: ascii(ident.reserved.length === 2 ? 30 : 7),
          alarmIdent: fc.constant(ident),
          alarmNo: ascii(32),
          infoType: u8,
          files: fc.array(file, { maxLength: 8 }),
        }),
      ),
    ],
    [0x1211, fileInfo],
    [0x1212, fileInfo],
    [
      0x9212,
      fc.record({
        name: text(60),
        fileType: u8,
        result: u8,
        retransmit: fc.array(fc.record({ offset: u32, length: u32 }), { maxLength: 20 }),
      }),
    ],
  ]);
  const arb = table.get(msgId);
  if (!arb) throw new Error(`no arbitrary for 0x${msgId.toString(16)}`);
  return arb as fc.Arbitrary<BodyMap[K]>;
}

export function messageArbitrary(msgId: MsgId, version: ProtocolVersion): fc.Arbitrary<Jt808Message> {
  return bodyArbitrary(msgId, version).map((body) => ({ msgId, body }) as Jt808Message);
}
