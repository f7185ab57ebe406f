import { alarmFlags, statusFlags } from '@headway/protocol';
import {
  bitNames,
  COMM_MODULE_BITS,
  GNSS_MODULE_BITS,
  SAFETY_VEHICLE_STATUS_BITS,
  TERMINAL_TYPE_BITS,
} from '@headway/spec';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestPlatform } from '../../test/platform.ts';
import { sourceAddresses } from '../fleet/source-addresses.ts';
import type { MotionState } from '../motion/events.ts';
import { Rng } from '../motion/rng.ts';
import { evidenceAsset } from './evidence.ts';
import { FleetStats } from './stats.ts';
import { type TerminalOptions, VirtualTerminal } from './terminal.ts';

function motion(over: Partial<MotionState> = {}): MotionState {
  return {
    time: 1_800_000_000,
    lat: 40.6437,
    lng: -74.0731,
    speed: 32.5,
    azimuth: 245,
    odometer: 123_456_700,
    accOn: true,
    doors: [false, false, false],
    phase: 'driving',
    tripId: 'T1',
    routeCode: 'S40',
    direction: 1,
    detourMetres: 0,
    stoppedFor: 0,
    passengers: { onboard: 12, onDay: 340, onTrip: 20, offTrip: 8, onLast: 3, offLast: 1 },
    ...over,
  };
}

let platform: TestPlatform;
let stats: FleetStats;
const terminals: VirtualTerminal[] = [];

function terminal(
  phone: string,
  state: () => MotionState,
  version: 2013 | 2019 = 2013,
  localAddress?: string,
  extra: Partial<TerminalOptions> = {},
): VirtualTerminal {
  const t = new VirtualTerminal({
    ...extra,
    phone,
    version,
    terminalId: phone.slice(-7),
    plate: 'NY-1234',
    imei: `86${phone.padStart(13, '0')}`,
    host: '127.0.0.1',
    port: platform.port,
    localAddress,
    interval: 10,
    crew: {
      driverNo: 'D0001',
      driverCard: '1000000001',
      conductorNo: 'C0001',
      conductorCard: '2000000001',
      signedOnAt: 1_799_990_000,
    },
    rng: new Rng(phone),
    stats,
    motion: state,
  });
  terminals.push(t);
  t.start();
  return t;
}

beforeEach(async () => {
  platform = new TestPlatform();
  await platform.listen();
  stats = new FleetStats();
});
afterEach(async () => {
  for (const t of terminals.splice(0)) t.stop();
  await platform.close();
});

describe('virtual JT/T 808 terminal over real TCP', () => {
  it('registers, authenticates and reports with state bits, mileage, satellites and vendor items', async () => {
    let state = motion();
    const t = terminal('013912345678', () => state);
    await t.whenOnline();
    expect(platform.received.map((m) => m.msgId).slice(0, 2)).toEqual([0x0100, 0x0102]);
    state = motion({ speed: 0, doors: [true, true, false], phase: 'dwell' });
    t.report();
    const m = await platform.waitFor((x) => x.msgId === 0x0200);
    if (m.msgId !== 0x0200) throw new Error('unreachable');
    expect(m.header.phone).toBe('013912345678');
    const s = statusFlags(m.body.status);
    expect([s.accOn, s.gpsValid, s.door1Open, s.door2Open, s.door3Open, s.west]).toEqual([
      true,
      true,
      true,
      true,
      false,
      true,
    ]);
    expect(m.body.lat).toBeCloseTo(40.6437, 5);
    expect(m.body.lng).toBeCloseTo(-74.0731, 5);
    expect(m.body.time).toBe('2027-01-15T16:00:00');
    const ids = m.body.items.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([0x01, 0x30, 0x31, 0xe1, 0xe2]));
    const mileage = m.body.items.find((i) => i.id === 0x01);
    expect(mileage).toMatchObject({ mileageKm: 123456.7 });
    await expect.poll(() => stats.acks).toBe(1);
    expect(t.unacked).toBe(0);
  });

  it('keeps unacked reports and resends them as a blind-area batch (0x0704) after reconnecting', async () => {
    const t = terminal('013900000002', () => motion());
    await t.whenOnline();
    platform.holdAcks = true;
    for (let i = 0; i < 5; i++) t.report();
    await expect.poll(() => platform.received.filter((m) => m.msgId === 0x0200).length).toBe(5);
    expect(t.unacked).toBe(5);
    platform.holdAcks = false;
    platform.dropAll();
    // Offline reports are kept too.
    await expect.poll(() => t.online).toBe(false);
    t.report();
    const batch = await platform.waitFor((m) => m.msgId === 0x0704, 10_000);
    if (batch.msgId !== 0x0704) throw new Error('unreachable');
    expect(batch.body.type).toBe(1);
    expect(batch.body.locations).toHaveLength(6);
    // Reconnecting reuses the token: no second registration.
    expect(platform.received.filter((m) => m.msgId === 0x0100)).toHaveLength(1);
    await expect.poll(() => t.unacked).toBe(0);
  });

  it('raises overspeed, SOS, long parking and route deviation from the vehicle state', async () => {
    let state = motion({ speed: 75 });
    const t = terminal('013900000003', () => state);
    await t.whenOnline();
    const alarmsOf = async (n: number) => {
      await expect.poll(() => platform.received.filter((m) => m.msgId === 0x0200).length).toBe(n);
      const m = platform.received.filter((x) => x.msgId === 0x0200)[n - 1]!;
      if (m.msgId !== 0x0200) throw new Error('unreachable');
      return alarmFlags(m.body.alarmFlags);
    };
    t.report();
    expect((await alarmsOf(1)).speedWarning).toBe(true);
    state = motion({ speed: 75, time: 1_800_000_020 });
    t.report();
    expect((await alarmsOf(2)).speeding).toBe(true);
    state = motion({ speed: 0, stoppedFor: 1500, time: 1_800_000_030 });
    t.triggerAlarm('sos');
    state = { ...state, time: Math.floor(Date.now() / 1000) };
    t.report();
    const a = await alarmsOf(3);
    expect([a.sos, a.longParking, a.speeding]).toEqual([true, true, false]);
    state = motion({ detourMetres: 250, time: Math.floor(Date.now() / 1000) + 3600 });
    t.report();
    expect((await alarmsOf(4)).routeDeviation).toBe(true);
  });

  it('answers parameter set and query, attributes, position query, text and snapshot', async () => {
    const t = terminal('013900000004', () => motion(), 2019);
    await t.whenOnline();
    const phone = platform.received[0]!.header.phone;
    const set = platform.command(phone, {
      msgId: 0x8103,
      body: {
        params: [
          { id: 0x0001, value: 45 },
          { id: 0x0055, value: 70 },
        ],
      },
    });
    await platform.waitFor((m) => m.msgId === 0x0001 && m.body.replyFlowId === set);
    const query = platform.command(phone, { msgId: 0x8106, body: { ids: [0x0001, 0x0055, 0x0029] } });
    const params = await platform.waitFor((m) => m.msgId === 0x0104 && m.body.replyFlowId === query);
    if (params.msgId !== 0x0104) throw new Error('unreachable');
    expect(params.body.params.map((p) => [p.id, p.value])).toEqual([
      [0x0001, 45],
      [0x0055, 70],
      [0x0029, 10],
    ]);
    platform.command(phone, { msgId: 0x8107, body: {} });
    const attrs = await platform.waitFor((m) => m.msgId === 0x0107);
    if (attrs.msgId !== 0x0107) throw new Error('unreachable');
    expect(attrs.body.model).toBe('HW-SIM-808');
    expect(bitNames(attrs.body.terminalType, TERMINAL_TYPE_BITS)).toEqual(['passenger']);
    expect(bitNames(attrs.body.gnssAttr, GNSS_MODULE_BITS)).toEqual(['gps', 'bds']);
    expect(bitNames(attrs.body.commAttr, COMM_MODULE_BITS)).toEqual(['tdLte']);
    const q = platform.command(phone, { msgId: 0x8201, body: {} });
    const pos = await platform.waitFor((m) => m.msgId === 0x0201);
    if (pos.msgId !== 0x0201) throw new Error('unreachable');
    expect(pos.body.replyFlowId).toBe(q);
    platform.command(phone, { msgId: 0x8300, body: { flag: 1, textType: 1, text: 'Please call the depot' } });
    await expect.poll(() => t.texts.map((x) => x.text)).toEqual(['Please call the depot']);
    platform.command(phone, {
      msgId: 0x8801,
      body: {
        channel: 1,
        command: 1,
        interval: 0,
        save: 0,
        resolution: 4,
        quality: 5,
        brightness: 0,
        contrast: 0,
        saturation: 0,
        chroma: 0,
      },
    });
    const answer = await platform.waitFor((m) => m.msgId === 0x0805);
    if (answer.msgId !== 0x0805) throw new Error('unreachable');
    expect(answer.body.mediaIds).toHaveLength(1);
    const media = await platform.waitFor((m) => m.msgId === 0x0801);
    if (media.msgId !== 0x0801) throw new Error('unreachable');
    // A JPEG: SOI … EOI, at the resolution asked (4 = 1024×768; SOF0 holds height then width).
    const jpeg = media.body.data;
    expect([...jpeg.slice(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...jpeg.slice(-2)]).toEqual([0xff, 0xd9]);
    const sof = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
    expect([(jpeg[sof + 5]! << 8) | jpeg[sof + 6]!, (jpeg[sof + 7]! << 8) | jpeg[sof + 8]!]).toEqual([768, 1024]);
  });

  it('lets the driver answer a dispatch text (0x6006), and uses a changed report interval', async () => {
    const t = terminal('013900000014', () => motion(), 2013, undefined, {
      driverReplyChance: 1,
      driverReplyDelayMs: [0, 0],
    });
    await t.whenOnline();
    const phone = platform.received.find((m) => m.header.phone.endsWith('13900000014'))!.header.phone;
    platform.command(phone, { msgId: 0x8300, body: { flag: 12, text: 'Return to depot' } });
    const reply = await platform.waitFor((m) => m.msgId === 0x6006 && m.header.phone === phone);
    if (reply.msgId !== 0x6006) throw new Error('unreachable');
    expect(reply.body.text.length).toBeGreaterThan(0);
    expect(t.interval).toBe(10);
    const set = platform.command(phone, { msgId: 0x8103, body: { params: [{ id: 0x0029, value: 5 }] } });
    await platform.waitFor((m) => m.msgId === 0x0001 && m.body.replyFlowId === set && m.header.phone === phone);
    expect(t.interval).toBe(5);
  });

  it('binds the source address it is given (several are needed above ~28k loopback connections)', async () => {
    const a = terminal('013900000005', () => motion(), 2013, '127.0.0.2');
    const b = terminal('013900000006', () => motion(), 2013, '127.0.0.3');
    await Promise.all([a.whenOnline(), b.whenOnline()]);
    expect([...platform.remoteAddresses].sort()).toEqual(['127.0.0.2', '127.0.0.3']);
    expect(sourceAddresses(undefined, '127.0.0.1', 60_000)).toEqual(['127.0.0.2', '127.0.0.3', '127.0.0.4']);
    expect(sourceAddresses(undefined, '127.0.0.1', 20_000)).toBeUndefined();
  });

  it("uploads an ADAS alarm's attachments to the attachment server when asked (0x9208)", async () => {
    const t = new VirtualTerminal({
      phone: '013900000007',
      version: 2013,
      terminalId: '0000007',
      plate: 'NY-7',
      imei: '860013900000007',
      host: '127.0.0.1',
      port: platform.port,
      interval: 10,
      // Every report raises an ADAS alarm: the test needs one now.
      rates: { sos: 0, powerCut: 0, adas: 1e9, dsm: 0 },
      rng: new Rng(7),
      stats,
      motion: () => motion({ speed: 40, time: Math.floor(Date.now() / 1000) }),
    });
    terminals.push(t);
    t.start();
    await t.whenOnline();
    t.report();
    const m = await platform.waitFor((x) => x.msgId === 0x0200 && x.header.phone === '013900000007');
    if (m.msgId !== 0x0200) throw new Error('unreachable');
    const item = m.body.items.find((i) => i.id === 0x64);
    if (item?.id !== 0x64 || !('adas' in item)) throw new Error('no ADAS item');
    // The motion has ACC on and the simulated vehicle always has a fix (T/JSATL 12 vehicle status word).
    expect(bitNames(item.adas.vehicleStatus, SAFETY_VEHICLE_STATUS_BITS)).toEqual(['accOn', 'positionFixed']);
    const ident = item.adas.alarmIdent;
    // Two stills and the clip (evidence.ts): the count announced is what will be uploaded.
    expect(ident.attachmentCount).toBe(3);
    const alarmNo = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    platform.command('013900000007', {
      msgId: 0x9208,
      body: {
        ip: '127.0.0.1',
        tcpPort: platform.attachmentPort,
        udpPort: 0,
        alarmIdent: ident,
        alarmNo,
        reserved: new Uint8Array(16),
      },
    });
    await expect.poll(() => stats.attachmentsUploaded, { timeout: 10_000 }).toBe(ident.attachmentCount);
    const list = platform.attachmentFrames.find((f) => f.msgId === 0x1210);
    if (list?.msgId !== 0x1210) throw new Error('no 0x1210');
    expect(list.body.alarmNo).toBe(alarmNo);
    expect(list.body.files).toHaveLength(ident.attachmentCount);
    const code = `640${item.adas.type}`;
    expect(list.body.files.map((f) => f.name)).toEqual([
      `00_64_${code}_1_${alarmNo}.jpg`,
      `00_64_${code}_2_${alarmNo}.jpg`,
      `02_64_${code}_3_${alarmNo}.mp4`,
    ]);
    const info = platform.attachmentFrames.filter((f) => f.msgId === 0x1211).map((f) => f.body);
    expect(info.map((f) => (f as { fileType: number }).fileType)).toEqual([0, 0, 2]);
    for (const f of list.body.files) {
      expect(platform.attachmentBytes.get(f.name)).toBe(f.size);
    }
    // Real files: JPEG start-of-image, and an MP4 whose first box is ftyp; byte for byte the shipped assets.
    const [still, , clip] = list.body.files.map((f) => platform.attachmentData.get(f.name)!);
    expect([...still!.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(clip!.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(new Uint8Array(clip!)).toEqual(evidenceAsset('clip.mp4'));
  });
});
