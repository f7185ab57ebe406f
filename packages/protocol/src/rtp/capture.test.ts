/**
 * Conformance on a real terminal's media stream (the simulator's copy of shared/protocol/jt1078/go-jt808-capture.bin,
 * facts in its README): every packet decodes, re-encodes to the same bytes, and the frames join up.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RtpFrameAssembler } from './assembler.ts';
import { decodeRtpPacket, encodeRtpPacket } from './packet.ts';
import { RtpSplitter } from './splitter.ts';

const here = dirname(fileURLToPath(import.meta.url));
/** packages/protocol/src/rtp → packages → the simulator's copy (it streams it in the demo). */
const CAPTURE = resolve(here, '../../../simulator/assets/jt1078/go-jt808-capture.bin');

describe('JT/T 1078 capture (go-jt808 data.txt)', () => {
  const bytes = new Uint8Array(readFileSync(CAPTURE));

  it('decodes all 540 packets back to back, with no byte left over, each re-encoding to its own bytes', () => {
    let off = 0;
    let n = 0;
    const types = new Map<string, number>();
    while (off < bytes.length) {
      const r = decodeRtpPacket(bytes.subarray(off));
      if (!r.ok) throw new Error(`packet ${n} at ${off}: ${r.error.code} ${r.error.message}`);
      expect(encodeRtpPacket(r.packet)).toEqual(bytes.subarray(off, off + r.length));
      expect(r.packet).toMatchObject({ version: 2, sim: '156987000796', channel: 1 });
      const k = `${r.packet.dataType}/${r.packet.payloadType}`;
      types.set(k, (types.get(k) ?? 0) + 1);
      off += r.length;
      n++;
    }
    expect(n).toBe(540);
    expect(Object.fromEntries(types)).toEqual({ '0/98': 14, '1/98': 312, '3/6': 214 });
  });

  it('splits the stream the same way in any read size and joins 102 video and 214 audio frames', () => {
    for (const step of [1, 7, 950, 4096, bytes.length]) {
      const s = new RtpSplitter();
      const a = new RtpFrameAssembler();
      let video = 0;
      let audio = 0;
      for (let i = 0; i < bytes.length; i += step) {
        for (const p of s.push(bytes.subarray(i, i + step))) {
          const f = a.push(p);
          if (f && f.dataType <= 2) video++;
          else if (f?.dataType === 3) audio++;
        }
      }
      expect(s.stats).toEqual({ packets: 540, droppedBytes: 0 });
      expect([video, audio]).toEqual([102, 214]);
    }
  });
});
