/** Message-level behaviour the corpus does not pin down: device quirks, flags, version detection. */

import { existsSync } from 'node:fs';
import { ParamId, WARNING_BITS } from '@headway/spec';
import { describe, expect, it } from 'vitest';
import { Writer } from '../src/codec/bytes.ts';
import { fromHex } from '../src/codec/hex.ts';
import { decodeBody, decodeFrame, encodeBody, encodeMessage, parseFrame } from '../src/frame/frame.ts';
import { SubpackageAssembler } from '../src/frame/subpackage.ts';
import { alarmFlags, alarmWord, statusFlags, statusWord, textFlags } from '../src/location/flags.ts';
import { makeLocation } from '../src/location/report.ts';
import { paramValue, writeParam } from '../src/messages/parameters.ts';
import { CORPUS_PATH, loadCorpus } from './corpus-data.ts';

const v2013 = { versionFlag: false };

describe('0x0200 location', () => {
  it('exposes every alarm and status bit by name, and builds them back', () => {
    const a = alarmFlags(0x80000001);
    expect(a.sos).toBe(true);
    expect(a.illegalDoorOpen).toBe(true);
    expect(a.speeding).toBe(false);
    expect(Object.keys(a)).toHaveLength(32);
    expect(alarmWord(a)).toBe(0x80000001);
    const s = statusFlags((1 << 0) | (1 << 1) | (3 << 8) | (1 << 13) | (1 << 19));
    expect(s).toMatchObject({ accOn: true, gpsValid: true, load: 3, door1Open: true, bds: true, gps: false });
    expect(statusWord(s)).toBe((1 << 0) | (1 << 1) | (3 << 8) | (1 << 13) | (1 << 19));
    expect(WARNING_BITS.rollover.bit).toBe(30);
  });

  it('signs lat/lng from the hemisphere bits and fills named flags on request', () => {
    const loc = makeLocation({ lat: -27.263378, lng: 153.02, speedKmh: 42.5, time: '2024-01-02T03:04:05', status: 3 });
    expect(loc.status & 0xc).toBe(4);
    const wire = encodeMessage({ msgId: 0x0200, body: loc }, { version: 2013, phone: '1', flowId: 1 });
    const r = decodeFrame(wire, { flags: true });
    if (!r.ok || r.message.kind !== 'message' || r.message.msgId !== 0x0200) throw new Error('decode');
    expect(r.message.body).toMatchObject({ lat: -27.263378, lng: 153.02, south: true, west: false, speedRaw: 425 });
    expect(r.message.body.states?.south).toBe(true);
    expect(r.message.body.states?.accOn).toBe(true);
    expect(r.message.body.alarms?.sos).toBe(false);
  });

  it('keeps a known item with a non-standard length raw, and duplicates in order', () => {
    const w = new Writer();
    w.bytes(fromHex('00000000000000020000000000000000000000000000200101000000')!);
    w.bytes(fromHex('2b0812a803dc00010000')!); // 0x2B with 8 bytes
    w.bytes(fromHex('6102055f6102055f')!); // 0x61 twice
    const d = decodeBody(0x0200, w.finish(), v2013);
    if (!d.ok || d.message.msgId !== 0x0200) throw new Error('decode');
    expect(d.message.body.items.map((i) => i.id)).toEqual([0x2b, 0x61, 0x61]);
    expect('raw' in d.message.body.items[0]!).toBe(true);
  });

  it('rejects an item that overruns the body with a typed error', () => {
    const body = fromHex('00000000000000020000000000000000000000000000200101000000' + '0104000000')!;
    const d = decodeBody(0x0200, body, v2013);
    expect(d.ok).toBe(false);
    if (!d.ok) expect(d.error.code).toBe('BODY_TOO_SHORT');
  });
});

describe('version-dependent layouts', () => {
  it('reads a short 0x0100 as 2011 without being told', () => {
    const body = encodeBody(
      {
        msgId: 0x0100,
        body: {
          province: 44,
          city: 303,
          maker: '70111',
          model: 'BSJ-M7B ',
          terminalId: '0000000',
          plateColor: 1,
          plate: '粤B88888',
        },
      },
      { version: 2011 },
    );
    const d = decodeBody(0x0100, body, v2013);
    expect(d.ok && d.message.body).toMatchObject({ model: 'BSJ-M7B ', plate: '粤B88888' });
  });

  it('detects an 11-byte maker in a 2019 0x0107', () => {
    const attrs = {
      terminalType: 1,
      maker: '12345678901',
      model: 'M',
      terminalId: 'T',
      iccid: '89860000000000000000',
      hwVersion: 'HW',
      fwVersion: 'FW',
      gnssAttr: 3,
      commAttr: 1,
    };
    const body = encodeBody({ msgId: 0x0107, body: attrs }, { version: 2019 });
    const d = decodeBody(0x0107, body, { versionFlag: true });
    expect(d.ok && d.message.body).toEqual(attrs);
  });

  it('2019 0x8300 carries a text type; flags are named', () => {
    const d = decodeBody(
      0x8300,
      encodeBody({ msgId: 0x8300, body: { flag: 0x0d, textType: 2, text: '请靠站' } }, { version: 2019 }),
      { versionFlag: true },
    );
    expect(d.ok && d.message.body).toEqual({ flag: 0x0d, textType: 2, text: '请靠站' });
    expect(textFlags(0x0d)).toEqual({
      emergency: true,
      display: true,
      tts: true,
      advertScreen: false,
      canFaultCode: false,
      kind2019: 1,
    });
    // Bit 1 is reserved in 2013 and the high bit of the kind in 2019; bits 4 and 5 are advert screen and CAN.
    expect(textFlags(0x32)).toEqual({
      emergency: false,
      display: false,
      tts: false,
      advertScreen: true,
      canFaultCode: true,
      kind2019: 2,
    });
  });
});

describe('parameters', () => {
  it('types the spec parameter ids and keeps unknown ids raw', () => {
    const params = [
      { id: ParamId.heartbeatInterval, value: 30 },
      { id: ParamId.mainServerAddress, value: 'gw.example.com:7611' },
      { id: ParamId.serverTcpPort, value: 7611 },
      { id: ParamId.defaultReportInterval, value: 10 },
      { id: ParamId.defaultReportDistance, value: 100 },
      { id: ParamId.cornerAngle, value: 30 },
      { id: ParamId.maxSpeed, value: 80 },
      { id: ParamId.overspeedDuration, value: 10 },
      { id: ParamId.overspeedWarningMargin, value: 50 },
      { id: ParamId.odometer, value: 123456 },
      { id: ParamId.vendorFff1, value: 600 },
      { id: ParamId.vendorFff2, value: 1 },
      { id: 0xf0aa, value: Uint8Array.of(1, 2, 3) },
    ];
    const d = decodeBody(0x8103, encodeBody({ msgId: 0x8103, body: { params } }, { version: 2013 }), v2013);
    if (!d.ok || d.message.msgId !== 0x8103) throw new Error('decode');
    expect(d.message.body.params).toEqual(params);
    expect(paramValue(d.message.body.params, 0x005b)).toBe(50);
    expect(paramValue(d.message.body.params, 0x0013)).toBe('gw.example.com:7611');
    const w = new Writer();
    writeParam(w, { id: 0x005b, value: 50 });
    expect(w.finish()).toEqual(fromHex('0000005b020032'));
  });

  it.skipIf(!existsSync(CORPUS_PATH))('stops at the stray zero run of a real 0x0104 and keeps the rest raw', () => {
    const group = loadCorpus().filter((c) => c.group === 'yzh-0104-2pkt');
    const asm = new SubpackageAssembler();
    let done: { body: Uint8Array } | undefined;
    for (const c of group) {
      const p = parseFrame(fromHex(c.hex)!);
      if (!p.ok) throw new Error(p.error.message);
      const a = asm.push(p.header, p.body);
      if (a.status === 'complete') done = a;
    }
    const d = decodeBody(0x0104, done!.body, v2013);
    if (!d.ok || d.message.msgId !== 0x0104) throw new Error('decode');
    // 84 parameters up to 0x0077, then 150 zero bytes and four parameters sent with DWORD lengths.
    expect(d.message.body.params).toHaveLength(84);
    expect(d.message.body.params.at(-1)?.id).toBe(0x0077);
    expect(d.message.body.unparsed?.subarray(0, 150).every((b) => b === 0)).toBe(true);
    expect(d.message.body.paramCount).toBe(88);
  });

  it('skips a zero run when the rest then matches the declared count', () => {
    const w = new Writer();
    w.u16(1).u8(2);
    writeParam(w, { id: 0x0001, value: 30 });
    w.bytes(new Uint8Array(7));
    writeParam(w, { id: 0x0055, value: 80 });
    const d = decodeBody(0x0104, w.finish(), v2013);
    expect(d.ok && d.message.body).toEqual({
      replyFlowId: 1,
      paramCount: 2,
      params: [
        { id: 1, value: 30 },
        { id: 0x55, value: 80 },
      ],
      skippedBytes: 7,
    });
  });
});

describe('active safety', () => {
  it('detects JSATL vs GDRTA identification from the 0x9208 length', () => {
    for (const reserved of [Uint8Array.of(1), Uint8Array.of(0, 1)]) {
      const body = {
        ip: '10.0.0.1',
        tcpPort: 7612,
        udpPort: 0,
        alarmIdent: { terminalId: 'T1', time: '2024-05-06T07:08:09', seq: 1, attachmentCount: 3, reserved },
        alarmNo: 'ad72131579e54be0b0f737cfc72c5db8',
        reserved: new Uint8Array(16),
      };
      for (const versionFlag of [false, true]) {
        const d = decodeBody(0x9208, encodeBody({ msgId: 0x9208, body }, { version: 2013 }), { versionFlag });
        expect(d.ok && d.message.body).toEqual(body);
      }
    }
  });
});
