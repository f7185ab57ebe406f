/** JT/T 1078 stream packets and the JSATL 12 attachment connection. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeFileDataPacket } from '../src/attachment/file-data.ts';
import { AttachmentSplitter } from '../src/attachment/splitter.ts';
import { decodeFrame, encodeMessage } from '../src/frame/frame.ts';
import { RtpFrameAssembler } from '../src/rtp/assembler.ts';
import { decodeRtpPacket, encodeRtpPacket, type RtpPacket } from '../src/rtp/packet.ts';
import { RtpSplitter } from '../src/rtp/splitter.ts';

const packetArb = (simLength: 6 | 10) =>
  fc.integer({ min: 0, max: 4 }).chain((dataType) =>
    fc.record({
      version: fc.constant(2),
      padding: fc.boolean(),
      extension: fc.boolean(),
      csrcCount: fc.integer({ min: 0, max: 15 }),
      marker: fc.boolean(),
      payloadType: fc.integer({ min: 0, max: 127 }),
      seq: fc.integer({ min: 0, max: 0xffff }),
      sim: fc.stringMatching(simLength === 6 ? /^[0-9]{12}$/ : /^[0-9]{20}$/),
      channel: fc.integer({ min: 0, max: 255 }),
      dataType: fc.constant(dataType),
      subpackageMark: fc.integer({ min: 0, max: 3 }),
      timestamp: dataType <= 3 ? fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }) : fc.constant(undefined),
      lastIFrameInterval: dataType <= 2 ? fc.integer({ min: 0, max: 0xffff }) : fc.constant(undefined),
      lastFrameInterval: dataType <= 2 ? fc.integer({ min: 0, max: 0xffff }) : fc.constant(undefined),
      payload: fc.uint8Array({ maxLength: 1000 }),
    }),
  ) as fc.Arbitrary<RtpPacket>;

describe('JT/T 1078 stream packets', () => {
  for (const simLength of [6, 10] as const) {
    it(`round-trips every data type (SIM ${simLength} bytes)`, () => {
      fc.assert(
        fc.property(packetArb(simLength), (p) => {
          const r = decodeRtpPacket(encodeRtpPacket(p, { simLength }), { simLength });
          if (!r.ok) throw new Error(r.error.message);
          expect(r.packet).toEqual(p);
        }),
      );
    });
  }

  it('splits a stream with garbage at any read boundaries', () => {
    fc.assert(
      fc.property(
        fc.array(packetArb(6), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 97 }),
        (pkts, step) => {
          const parts = pkts.flatMap((p) => [Uint8Array.of(0x30, 0x31, 0x00, 0x7e), encodeRtpPacket(p)]);
          const stream = new Uint8Array(parts.reduce((n, x) => n + x.length, 0));
          let o = 0;
          for (const x of parts) {
            stream.set(x, o);
            o += x.length;
          }
          const s = new RtpSplitter();
          const got: RtpPacket[] = [];
          for (let i = 0; i < stream.length; i += step) got.push(...s.push(stream.subarray(i, i + step)));
          expect(got).toEqual(pkts);
          expect(s.stats.droppedBytes).toBe(4 * pkts.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('rebuilds a frame from first / middle / last packets', () => {
    const base: RtpPacket = {
      version: 2,
      padding: false,
      extension: false,
      csrcCount: 1,
      marker: false,
      payloadType: 98,
      seq: 0,
      sim: '013800138000',
      channel: 1,
      dataType: 0,
      subpackageMark: 1,
      timestamp: 1000,
      lastIFrameInterval: 0,
      lastFrameInterval: 40,
      payload: Uint8Array.of(1, 2),
    };
    const a = new RtpFrameAssembler();
    expect(a.push({ ...base, subpackageMark: 3, payload: Uint8Array.of(9) })).toBeUndefined(); // no first: dropped
    expect(a.push(base)).toBeUndefined();
    expect(a.push({ ...base, subpackageMark: 3, payload: Uint8Array.of(3) })).toBeUndefined();
    const f = a.push({ ...base, subpackageMark: 2, payload: Uint8Array.of(4, 5) });
    expect(f?.data).toEqual(Uint8Array.of(1, 2, 3, 4, 5));
    expect(a.push({ ...base, subpackageMark: 0, payload: Uint8Array.of(7) })?.data).toEqual(Uint8Array.of(7));
  });
});

describe('JSATL 12 attachment connection', () => {
  it('separates 808 frames from file data packets that contain 7E bytes', () => {
    const list = encodeMessage(
      { msgId: 0x1211, body: { name: '00_64_6401_0_ad72131579e54be0b0f737cfc72c5db8.jpg', fileType: 0, size: 6 } },
      { version: 2013, phone: '13800138000', flowId: 1 },
    );
    const data = encodeFileDataPacket({
      fileName: '00_64_6401_0_x.jpg',
      offset: 0,
      data: Uint8Array.of(0x7e, 0x7e, 0x7d, 0x30, 0x31, 0x63),
    });
    const done = encodeMessage(
      { msgId: 0x1212, body: { name: '00_64_6401_0_x.jpg', fileType: 0, size: 6 } },
      { version: 2013, phone: '13800138000', flowId: 2 },
    );
    const stream = new Uint8Array([...list, 0xaa, ...data, ...done]);
    for (const step of [1, 3, 7, 64, stream.length]) {
      const s = new AttachmentSplitter();
      const out = [];
      for (let i = 0; i < stream.length; i += step) out.push(...s.push(stream.subarray(i, i + step)));
      expect(out.map((c) => c.kind)).toEqual(['frame', 'file-data', 'frame']);
      const [a, b, c] = out;
      expect(a?.kind === 'frame' && decodeFrame(a.bytes).ok).toBe(true);
      expect(b?.kind === 'file-data' && b.packet).toEqual({
        fileName: '00_64_6401_0_x.jpg',
        offset: 0,
        data: Uint8Array.of(0x7e, 0x7e, 0x7d, 0x30, 0x31, 0x63),
      });
      expect(c?.kind === 'frame' && decodeFrame(c.bytes).ok).toBe(true);
    }
  });
});
