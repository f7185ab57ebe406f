import { decodeFrame, encodeMessage, makeLocation, type LocationItem } from '../src/index.ts';
const time = '2026-11-22T11:22:33';
const basic = makeLocation({ lat: 22.543096, lng: 114.057865, speedKmh: 36.5, altitude: 12, direction: 90, time, status: 3 });
const items: LocationItem[] = [ { id: 0x01, mileageKm: 12345.6 }, { id: 0x02, fuelL: 12.5 }, { id: 0x25, extSignal: 0 }, { id: 0x2a, ioStatus: 0 }, { id: 0x30, rssi: 28 }, { id: 0x31, satellites: 14 } ];
const which = process.argv[2] ?? 'typical';
const f = which === 'basic' ? encodeMessage({ msgId: 0x0200, body: basic }, { version: 2013, phone: '13800138000', flowId: 1 })
  : which === 'noesc' ? encodeMessage({ msgId: 0x0200, body: { ...basic, items: items.map(i => i.id === 2 ? { id: 2, fuelL: 12.4 } as LocationItem : i) } }, { version: 2013, phone: '13800138000', flowId: 1 })
  : encodeMessage({ msgId: 0x0200, body: { ...basic, items } }, { version: 2013, phone: '13800138000', flowId: 0x7e });
let s = 0; const N = 1_000_000;
for (let i = 0; i < 200000; i++) { const r = decodeFrame(f); if (r.ok) s++; }
const t = performance.now();
for (let i = 0; i < N; i++) { const r = decodeFrame(f); if (r.ok) s += r.message.header.flowId; }
console.log(which, Math.round(N / ((performance.now() - t) / 1000)), '/s');
