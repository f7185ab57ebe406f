/**
 * Protocol codec throughput on one core: 0x0200 decode (basic block only; with typical items and escaping;
 * with JSATL12 active-safety items), the gateway path (FrameSplitter + decodeFrame over a TCP-sized chunk),
 * and encode rates. Rates are per CPU-second of this single-threaded process (the figure that matters for "one
 * core", and stable when other processes share the machine), with the wall-clock rate beside it.
 * Prints one line per case and a JSON summary.
 *
 *   node --import tsx bench/protocol-decode.ts [--seconds 2]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  decodeFrame,
  encodeMessage,
  encodePlatformResponse,
  FrameSplitter,
  type Jt808Message,
  type LocationItem,
  makeLocation,
} from '@headway/protocol';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '2' } } });
const SECONDS = Number(values.seconds);

const time = '2026-11-22T11:22:33';
const basic = makeLocation({
  lat: 22.543096,
  lng: 114.057865,
  speedKmh: 36.5,
  altitude: 12,
  direction: 90,
  time,
  status: 3,
});
const typicalItems: LocationItem[] = [
  { id: 0x01, mileageKm: 12345.6 },
  { id: 0x02, fuelL: 12.5 }, // 125 = 0x7D: escaped on the wire
  { id: 0x25, extSignal: 0 },
  { id: 0x2a, ioStatus: 0 },
  { id: 0x30, rssi: 28 },
  { id: 0x31, satellites: 14 },
];
const ident = { terminalId: 'T123456', time, seq: 1, attachmentCount: 3, reserved: Uint8Array.of(0) };
const tail = { speed: 40, altitude: 12, lat: 22.543096, lng: 114.057865, time, vehicleStatus: 1, alarmIdent: ident };
const safetyItems: LocationItem[] = [
  ...typicalItems,
  {
    id: 0x64,
    adas: {
      alarmId: 7,
      flag: 1,
      type: 1,
      level: 1,
      frontSpeed: 40,
      frontDistance: 12,
      deviateType: 0,
      roadSignType: 0,
      roadSignValue: 0,
      ...tail,
    },
  },
  { id: 0x65, dsm: { alarmId: 8, flag: 1, type: 1, level: 2, fatigue: 5, reserved: new Uint8Array(4), ...tail } },
];

const opts = (flowId: number) => ({ version: 2013 as const, phone: '13800138000', flowId });
const frames = {
  basic: encodeMessage({ msgId: 0x0200, body: basic }, opts(1)),
  typical: encodeMessage({ msgId: 0x0200, body: { ...basic, items: typicalItems } }, opts(0x7e)),
  safety: encodeMessage({ msgId: 0x0200, body: { ...basic, items: safetyItems } }, opts(0x7e)),
};
const escapes = (f: Uint8Array) => f.subarray(1, -1).filter((b) => b === 0x7d).length;

function rate(name: string, fn: () => number, bytes?: number): { name: string; perSecond: number } {
  let sink = 0;
  const warm = performance.now() + 300; // warm up the JIT
  while (performance.now() < warm) for (let i = 0; i < 100; i++) sink += fn();
  let n = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const end = t0 + SECONDS * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) sink += fn();
    n += 100;
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  // Per CPU-second of this (single-threaded) process: robust when other processes share the cores.
  const perSecond = n / cpuSeconds;
  const extra = bytes ? ` (${bytes} bytes/frame)` : '';
  const fmt = (x: number) => Math.round(x).toLocaleString('en-US').padStart(12);
  console.log(`${name.padEnd(58)} ${fmt(perSecond)} /cpu-s ${fmt(n / wall)} /wall-s${extra}${sink < 0 ? '!' : ''}`);
  return { name, perSecond: Math.round(perSecond) };
}

const decodeOnce = (f: Uint8Array) => () => {
  const r = decodeFrame(f);
  return r.ok ? r.message.header.flowId : -1;
};

console.log(`node ${process.version}, ${SECONDS} s per case, one core`);
const results = [
  rate('decode 0x0200 basic (no items, no escapes)', decodeOnce(frames.basic), frames.basic.length),
  rate(
    `decode 0x0200 + 6 items, ${escapes(frames.typical)} escapes`,
    decodeOnce(frames.typical),
    frames.typical.length,
  ),
  rate('decode 0x0200 + 6 items + ADAS/DSM (0x64/0x65)', decodeOnce(frames.safety), frames.safety.length),
];

// Gateway path: one 64 KiB-ish TCP read of back-to-back typical frames through the splitter and decoder.
const perChunk = Math.floor(65536 / frames.typical.length);
const chunk = new Uint8Array(perChunk * frames.typical.length);
for (let i = 0; i < perChunk; i++) chunk.set(frames.typical, i * frames.typical.length);
const splitter = new FrameSplitter();
const pipeline = rate(`split + decode, ${perChunk} typical frames per 64 KiB read (per frame)`, () => {
  let s = 0;
  for (const f of splitter.push(chunk)) {
    const r = decodeFrame(f);
    if (r.ok) s++;
  }
  return s;
});
results.push({ name: pipeline.name, perSecond: pipeline.perSecond * perChunk });
console.log(`${''.padEnd(58)} = ${(pipeline.perSecond * perChunk).toLocaleString('en-US').padStart(12)} frames/cpu-s`);

const typicalMsg: Jt808Message = { msgId: 0x0200, body: { ...basic, items: typicalItems } };
const header = (() => {
  const r = decodeFrame(frames.typical);
  if (!r.ok) throw new Error(r.error.message);
  return r.message.header;
})();
let flow = 0;
results.push(
  rate('encode 0x0200 basic', () => encodeMessage({ msgId: 0x0200, body: basic }, opts(flow++ & 0xffff)).length),
  rate('encode 0x0200 + 6 items', () => encodeMessage(typicalMsg, opts(flow++ & 0xffff)).length),
  rate('encode 0x8001 platform response', () => encodePlatformResponse(header, flow++ & 0xffff).length),
);
console.log(JSON.stringify({ date: new Date().toISOString(), node: process.version, results }));
