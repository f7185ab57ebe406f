/**
 * Test and bench access to the real JT/T 1078 capture (the simulator's copy of shared/protocol/jt1078/, which the
 * demo streams) and to ffprobe, which is optional: callers skip what needs it when it is missing, and say so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MediaFrame, RtpFrameAssembler, type RtpPacket, RtpSplitter } from '@headway/protocol';

const here = dirname(fileURLToPath(import.meta.url));
/** packages/server/src/media/testing → packages → the simulator's copy. */
export const CAPTURE_PATH = resolve(here, '../../../../simulator/assets/jt1078/go-jt808-capture.bin');

export const captureAvailable = existsSync(CAPTURE_PATH);

export function readCapture(): Uint8Array {
  return new Uint8Array(readFileSync(CAPTURE_PATH));
}

export function captureFrames(bytes: Uint8Array = readCapture()): { packets: RtpPacket[]; frames: MediaFrame[] } {
  const packets = new RtpSplitter().push(bytes);
  const assembler = new RtpFrameAssembler();
  const frames: MediaFrame[] = [];
  for (const p of packets) {
    const f = assembler.push(p);
    if (f) frames.push(f);
  }
  return { packets, frames };
}

export const ffprobeAvailable = spawnSync('ffprobe', ['-version'], { stdio: 'ignore' }).status === 0;

export interface ProbeResult {
  /** What ffprobe printed on stderr at -v error: empty when it decoded without complaint. */
  errors: string;
  streams: { codec_name?: string; width?: number; height?: number; nb_read_frames?: string }[];
}

/** `ffprobe -v error -f <format> -count_frames -show_streams` on the bytes (decodes every frame). */
export function probe(bytes: Uint8Array, format = 'flv'): ProbeResult {
  const dir = mkdtempSync(join(tmpdir(), 'headway-media-'));
  try {
    const file = join(dir, `probe.${format}`);
    writeFileSync(file, bytes);
    const args = ['-v', 'error', '-f', format, '-count_frames', '-show_streams', '-of', 'json', file];
    const r = spawnSync('ffprobe', args, {
      encoding: 'utf8',
    });
    const parsed = JSON.parse(r.stdout || '{}') as { streams?: ProbeResult['streams'] };
    return { errors: r.stderr.trim(), streams: parsed.streams ?? [] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function concat(chunks: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const c of chunks) n += c.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}
