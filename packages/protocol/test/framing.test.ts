import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epochToLocalTime, localTimeToEpoch } from '../src/codec/bcd.ts';
import { fromHex, toHex } from '../src/codec/hex.ts';
import { escapeFrame, unescapeFrame, xorChecksum } from '../src/frame/escape.ts';
import { decodeFrame, encodeFrames, encodeMessage, encodePlatformResponse, parseFrame } from '../src/frame/frame.ts';
import { FrameSplitter } from '../src/frame/splitter.ts';
import { SubpackageAssembler } from '../src/frame/subpackage.ts';
import type { Jt808Message } from '../src/messages/types.ts';

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

const heartbeat = (flowId: number) =>
  encodeMessage({ msgId: 0x0002, body: {} }, { version: 2013, phone: '13800138000', flowId });

describe('escaping and check code (JT/T 808 §4.4.1)', () => {
  it('escape then unescape is the identity, and no raw 7E survives inside', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (content) => {
        const wire = escapeFrame(content);
        expect(wire[0]).toBe(0x7e);
        expect(wire[wire.length - 1]).toBe(0x7e);
        expect(wire.subarray(1, -1).includes(0x7e)).toBe(false);
        expect(unescapeFrame(wire, 1, wire.length - 1)).toEqual(content);
      }),
    );
  });

  it('rejects 7D followed by anything but 01/02', () => {
    expect(unescapeFrame(fromHex('017d03')!, 0, 3)).toBeUndefined();
    const r = decodeFrame(fromHex('7e0002000001380013800000007d037e')!);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('BAD_ESCAPE');
  });

  it('checks the XOR code and the declared body length', () => {
    const good = heartbeat(1);
    const bad = Uint8Array.from(good);
    bad[bad.length - 2] = bad[bad.length - 2]! ^ 1;
    const r = decodeFrame(bad);
    expect(r.ok || r.error.code).toBe('BAD_CHECKSUM');
    expect(decodeFrame(bad, { verifyChecksum: false }).ok).toBe(true);
    const content = unescapeFrame(good, 1, good.length - 1)!.slice();
    content[3] = 5; // claims a 5-byte body
    content[content.length - 1] = xorChecksum(content, 0, content.length - 1);
    const r2 = decodeFrame(escapeFrame(content));
    expect(r2.ok || r2.error.code).toBe('LENGTH_MISMATCH');
  });

  it('returns a typed error, never an exception, for a short body', () => {
    const msg: Jt808Message = { msgId: 0x8001, body: { replyFlowId: 1, replyMsgId: 2, result: 0 } };
    const wire = encodeMessage(msg, { version: 2013, phone: '1', flowId: 1 });
    const content = unescapeFrame(wire, 1, wire.length - 1)!.slice(0, -3); // drop 2 body bytes + check code
    content[3] = 3;
    const fixed = new Uint8Array(content.length + 1);
    fixed.set(content);
    fixed[content.length] = xorChecksum(fixed, 0, content.length);
    const r = decodeFrame(escapeFrame(fixed));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('BODY_TOO_SHORT');
      expect(r.header?.msgId).toBe(0x8001); // so the gateway can answer "bad message"
    }
  });
});

describe('headers', () => {
  it('encodes and reads a 2019 fragmented header (version flag, version byte, 20-digit phone)', () => {
    const body = { replyFlowId: 7, total: 0, items: [] };
    const frames = encodeFrames(
      { msgId: 0x1205, body },
      { version: 2019, phone: '12345678901234567890', flowId: 0xfffe, protocolVersion: 3, maxBodyLength: 2 },
    );
    expect(frames).toHaveLength(3);
    const hs = frames.map((f) => {
      const p = parseFrame(f);
      if (!p.ok) throw new Error(p.error.message);
      return p.header;
    });
    expect(hs.map((h) => h.flowId)).toEqual([0xfffe, 0xffff, 0]);
    expect(hs.map((h) => h.packetIndex)).toEqual([1, 2, 3]);
    expect(hs[0]).toMatchObject({
      versionFlag: true,
      protocolVersion: 3,
      phone: '12345678901234567890',
      packetTotal: 3,
      subpackage: true,
    });
  });

  it('keeps non-BCD terminal numbers as hex digits', () => {
    const r = decodeFrame(
      encodeMessage({ msgId: 0x0002, body: {} }, { version: 2013, phone: '4f07788ef676', flowId: 1 }),
    );
    expect(r.ok && r.message.header.phone).toBe('4f07788ef676');
  });

  it('answers a terminal in its own dialect with 0x8001', () => {
    const req = decodeFrame(
      encodeMessage({ msgId: 0x0002, body: {} }, { version: 2019, phone: '1', flowId: 9, protocolVersion: 2 }),
    );
    if (!req.ok) throw new Error();
    const ack = decodeFrame(encodePlatformResponse(req.message.header, 100));
    expect(ack.ok && ack.message).toMatchObject({
      msgId: 0x8001,
      header: { versionFlag: true, protocolVersion: 2, phone: '00000000000000000001', flowId: 100 },
      body: { replyFlowId: 9, replyMsgId: 2, result: 0 },
    });
  });
});

describe('FrameSplitter', () => {
  const frames = [heartbeat(1), heartbeat(0x7e), heartbeat(0x7d7d), heartbeat(4)];

  it('yields the same frames whatever the TCP read boundaries', () => {
    const stream = concat(...frames);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 30 }), (cuts) => {
        const s = new FrameSplitter();
        const got: string[] = [];
        let i = 0;
        let k = 0;
        while (i < stream.length) {
          const n = cuts[k++ % cuts.length]!;
          for (const f of s.push(stream.subarray(i, i + n))) got.push(toHex(f));
          i += n;
        }
        expect(got).toEqual(frames.map((f) => toHex(f.subarray(1, -1))));
      }),
    );
  });

  it('skips garbage before and between frames and handles a shared delimiter', () => {
    const s = new FrameSplitter();
    const a = frames[0]!;
    const b = frames[1]!;
    const shared = concat(a, b.subarray(1)); // 7E a 7E b 7E
    const got = s.push(concat(fromHex('0102037d')!, shared, fromHex('aabb')!, frames[2]!));
    expect(got.map((f) => decodeFrame(f).ok)).toEqual([true, true, true]);
    expect(s.stats.garbageBytes).toBeGreaterThanOrEqual(4);
  });

  it('drops and reports an oversize frame, then recovers', () => {
    const drops: [string, number][] = [];
    const s = new FrameSplitter({ maxFrameSize: 64, onDrop: (reason, n) => drops.push([reason, n]) });
    const big = new Uint8Array(200).fill(0x11);
    big[0] = 0x7e;
    const out = [
      ...s.push(big.subarray(0, 100)),
      ...s.push(big.subarray(100)),
      ...s.push(concat(new Uint8Array([0x7e]), frames[3]!)),
    ];
    expect(out).toHaveLength(1);
    expect(decodeFrame(out[0]!).ok).toBe(true);
    expect(s.stats.oversize).toBe(1);
    expect(drops[0]![0]).toBe('oversize');
    expect(s.buffered).toBe(0);
  });
});

describe('SubpackageAssembler', () => {
  const big: Jt808Message = {
    msgId: 0x0900,
    body: { type: 0xf0, data: Uint8Array.from({ length: 2500 }, (_, i) => i & 0xff) },
  };
  const parts = () =>
    encodeFrames(big, { version: 2013, phone: '13800138000', flowId: 10, maxBodyLength: 1000 }).map((f) => {
      const p = parseFrame(f);
      if (!p.ok) throw new Error(p.error.message);
      return p;
    });

  it('reassembles out of order with duplicates and reports flow ids', () => {
    const a = new SubpackageAssembler();
    const [p1, p2, p3] = parts();
    expect(a.push(p3!.header, p3!.body).status).toBe('pending');
    expect(a.push(p1!.header, p1!.body).status).toBe('pending');
    expect(a.push(p1!.header, p1!.body).status).toBe('pending');
    expect(a.missing('013800138000', 0x0900, 3)).toEqual([2]);
    const done = a.push(p2!.header, p2!.body);
    expect(done.status).toBe('complete');
    if (done.status === 'complete') {
      expect(done.body.length).toBe(2501);
      expect(done.flowIds).toEqual([10, 11, 12]);
      expect(done.header.packetIndex).toBe(1);
    }
    expect(a.size).toBe(0);
  });

  it('enforces packet and byte bounds and a timeout with an injected clock', () => {
    const [p1, p2] = parts();
    expect(new SubpackageAssembler({ maxPackets: 2 }).push(p1!.header, p1!.body).status).toBe('rejected');
    expect(new SubpackageAssembler({ maxBytes: 1500 }).push(p1!.header, p1!.body).status).toBe('pending');
    const small = new SubpackageAssembler({ maxBytes: 1500 });
    small.push(p1!.header, p1!.body);
    expect(small.push(p2!.header, p2!.body).status).toBe('rejected');
    let now = 0;
    const a = new SubpackageAssembler({ timeoutMs: 1000, now: () => now });
    a.push(p1!.header, p1!.body);
    now = 500;
    expect(a.expire()).toEqual([]);
    now = 1600;
    expect(a.expire()).toEqual([{ phone: '013800138000', msgId: 0x0900, total: 3, firstFlowId: 10, missing: [2, 3] }]);
    expect(a.size).toBe(0);
    const bogus = { ...p1!.header, packetIndex: 4 };
    expect(a.push(bogus, p1!.body).status).toBe('rejected');
  });
});

describe('BCD times', () => {
  it('converts terminal local time with a configured offset', () => {
    expect(localTimeToEpoch('2020-07-07T19:23:59')).toBe(Date.UTC(2020, 6, 7, 11, 23, 59) / 1000);
    expect(localTimeToEpoch('2020-07-07T19:23:59', 0)).toBe(Date.UTC(2020, 6, 7, 19, 23, 59) / 1000);
    expect(localTimeToEpoch('2000-00-00T00:00:00')).toBeUndefined();
    expect(localTimeToEpoch('2021-02-30T00:00:00')).toBeUndefined();
    expect(localTimeToEpoch('20ff-01-01T00:00:00')).toBeUndefined();
    expect(epochToLocalTime(Date.UTC(2020, 6, 7, 11, 23, 59) / 1000)).toBe('2020-07-07T19:23:59');
  });
});
