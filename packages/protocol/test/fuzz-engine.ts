/**
 * Bounded fuzzing of every public decoder and splitter: random bytes, and mutations of the conformance frames
 * (bit flips, truncation, insertion, duplication), with the check code repaired half of the time so mutated
 * bodies reach the message decoders. Any exception escaping the codec, or one call taking longer than
 * `slowMs`, is a failure.
 */

import { decodeFileDataPacket } from '../src/attachment/file-data.ts';
import { AttachmentSplitter } from '../src/attachment/splitter.ts';
import { toHex } from '../src/codec/hex.ts';
import { escapeFrame, unescapeFrame, xorChecksum } from '../src/frame/escape.ts';
import { decodeBody, decodeFrame, parseFrame } from '../src/frame/frame.ts';
import { FrameSplitter } from '../src/frame/splitter.ts';
import { SubpackageAssembler } from '../src/frame/subpackage.ts';
import { supportedMessages } from '../src/messages/table.ts';
import { decodeRtpPacket } from '../src/rtp/packet.ts';
import { RtpSplitter } from '../src/rtp/splitter.ts';

export interface FuzzReport {
  inputs: number;
  ms: number;
  slowestMs: number;
  failures: { what: string; input: string; error: string }[];
}

/** xorshift32: fast, seedable, good enough to pick mutations. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 0x1_0000_0000;
  };
}

export function runFuzz(opts: { durationMs: number; seed?: number; seeds: Uint8Array[]; slowMs?: number }): FuzzReport {
  const rand = rng(opts.seed ?? 0x808);
  const int = (n: number) => Math.floor(rand() * n);
  const slowMs = opts.slowMs ?? 1000;
  const ids = supportedMessages().map((m) => m.msgId);
  const report: FuzzReport = { inputs: 0, ms: 0, slowestMs: 0, failures: [] };
  const frameSplitter = new FrameSplitter({ maxFrameSize: 2048 });
  const rtpSplitter = new RtpSplitter();
  const attSplitter = new AttachmentSplitter({ maxDataLength: 4096 });
  const assembler = new SubpackageAssembler({ maxPackets: 64, maxBytes: 16384, maxOpen: 8 });

  const randomBytes = (max: number): Uint8Array => {
    const b = new Uint8Array(int(max + 1));
    for (let i = 0; i < b.length; i++) b[i] = int(256);
    return b;
  };

  const mutate = (src: Uint8Array): Uint8Array => {
    let b = Uint8Array.from(src);
    const n = 1 + int(4);
    for (let k = 0; k < n; k++) {
      const op = int(6);
      if (op === 0 && b.length > 0) {
        const i = int(b.length);
        b[i] = b[i]! ^ (1 << int(8));
      } else if (op === 1 && b.length > 0) b[int(b.length)] = int(256);
      else if (op === 2) b = b.slice(0, int(b.length + 1));
      else if (op === 3) {
        const at = int(b.length + 1);
        const ins = randomBytes(8);
        const out = new Uint8Array(b.length + ins.length);
        out.set(b.subarray(0, at));
        out.set(ins, at);
        out.set(b.subarray(at), at + ins.length);
        b = out;
      } else if (op === 4 && b.length > 2) {
        const from = int(b.length);
        const len = int(Math.min(16, b.length - from));
        const out = new Uint8Array(b.length + len);
        out.set(b);
        out.set(b.subarray(from, from + len), b.length);
        b = out;
      } else if (op === 5 && b.length > 4) {
        // Interesting values into a length or count field.
        const v = [0, 1, 0x7e, 0x7d, 0xff, 0x80][int(6)]!;
        b[int(b.length)] = v;
      }
    }
    return b;
  };

  /** Re-escapes a frame with a correct check code so the body decoder sees the mutation. */
  const repair = (wire: Uint8Array): Uint8Array => {
    let s = 0;
    let e = wire.length;
    if (wire[0] === 0x7e) s++;
    if (e > s && wire[e - 1] === 0x7e) e--;
    const raw = unescapeFrame(wire, s, e);
    if (!raw || raw.length < 2) return wire;
    const content = Uint8Array.from(raw);
    content[content.length - 1] = xorChecksum(content, 0, content.length - 1);
    return escapeFrame(content);
  };

  const attempt = (what: string, input: Uint8Array, f: () => unknown): void => {
    report.inputs++;
    const t0 = performance.now();
    try {
      f();
    } catch (e) {
      report.failures.push({
        what,
        input: toHex(input),
        error: e instanceof Error ? (e.stack ?? e.message) : String(e),
      });
    }
    let dt = performance.now() - t0;
    if (dt > slowMs) {
      // A GC pause or a busy machine can stall one call; a real hang is slow every time. Time it again.
      const t1 = performance.now();
      try {
        f();
      } catch {
        // already recorded above
      }
      dt = performance.now() - t1;
      if (dt > slowMs)
        report.failures.push({ what: `${what} (slow ${dt.toFixed(0)} ms)`, input: toHex(input), error: 'slow' });
    }
    if (dt > report.slowestMs) report.slowestMs = dt;
  };

  const start = performance.now();
  const deadline = start + opts.durationMs;
  while (performance.now() < deadline && report.failures.length < 20) {
    for (let round = 0; round < 64; round++) {
      const kind = int(10);
      let input: Uint8Array;
      if (kind < 2 || opts.seeds.length === 0) input = randomBytes(kind === 0 ? 64 : 1200);
      else {
        input = mutate(opts.seeds[int(opts.seeds.length)]!);
        if (kind < 6) input = repair(input);
      }
      attempt('decodeFrame', input, () => decodeFrame(input));
      attempt('decodeFrame lenient', input, () =>
        decodeFrame(input, {
          verifyChecksum: false,
          verifyLength: false,
          flags: true,
          version: ([2011, 2013, 2019] as const)[int(3)],
        }),
      );
      attempt('decodeBody', input, () => {
        const id = ids[int(ids.length)]!;
        decodeBody(
          id,
          input,
          { versionFlag: rand() < 0.5 },
          { partial: rand() < 0.3, alarmIdent: (['auto', 'jsatl', 'gdrta'] as const)[int(3)] },
        );
      });
      attempt('parseFrame→assembler', input, () => {
        const f = parseFrame(input, { verifyChecksum: false, verifyLength: false });
        if (f.ok && f.header.subpackage) assembler.push(f.header, f.body);
      });
      attempt('decodeRtpPacket', input, () => decodeRtpPacket(input, { simLength: rand() < 0.8 ? 6 : 10 }));
      attempt('decodeFileDataPacket', input, () => decodeFileDataPacket(input));
      attempt('splitters', input, () => {
        let i = 0;
        while (i < input.length) {
          const n = 1 + int(64);
          const chunk = input.subarray(i, i + n);
          for (const f of frameSplitter.push(chunk)) decodeFrame(f);
          rtpSplitter.push(chunk);
          for (const c of attSplitter.push(chunk)) if (c.kind === 'frame') decodeFrame(c.bytes);
          i += n;
        }
      });
    }
  }
  report.ms = performance.now() - start;
  return report;
}
