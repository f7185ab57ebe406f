import { readFileSync } from 'node:fs';
import { RtpDataType, RtpMark, type RtpPacket, RtpSplitter } from '@headway/protocol';

/** One packet of the clip, with when it is due relative to the clip's start. */
export interface ClipPacket {
  packet: RtpPacket;
  /**
   * Send time in capture ms: the running maximum of the timestamps so far. The capture stamps audio up to 60 ms
   * ahead of the video that follows it; pacing by the running maximum keeps the file's order, as the terminal sent it.
   */
  due: number;
  /** Video packet that starts an I-frame: where a decoder can pick up after a skip. */
  keyframeStart: boolean;
}

export interface CaptureClip {
  packets: readonly ClipPacket[];
  /** One round of the loop in capture ms: the last timestamp plus one frame, so the next round never goes back. */
  period: number;
  /** Bytes per second of the stream, for recording sizes. */
  bytesPerSecond: number;
}

/** One frame at 25 fps: the gap left between the last packet of a round and the first of the next. */
const LOOP_GAP_MS = 40;

/**
 * Cuts a terminal's media byte stream into a clip (with the protocol's own splitter, so what the simulator sends
 * is exactly what the media port will parse).
 */
export function parseCapture(bytes: Uint8Array): CaptureClip {
  const packets: ClipPacket[] = [];
  let due = 0;
  let last = 0;
  for (const packet of new RtpSplitter().push(bytes)) {
    // Transparent data (type 4) carries no timestamp: it goes out with whatever precedes it.
    const ts = packet.timestamp ?? due;
    due = Math.max(due, ts);
    last = Math.max(last, ts);
    const keyframeStart =
      packet.dataType === RtpDataType.iFrame &&
      (packet.subpackageMark === RtpMark.atomic || packet.subpackageMark === RtpMark.first);
    packets.push({ packet, due, keyframeStart });
  }
  if (packets.length === 0) throw new Error('media capture holds no JT/T 1078 packet');
  const first = packets[0]!.due;
  for (const p of packets) p.due -= first;
  const period = last - first + LOOP_GAP_MS;
  return { packets, period, bytesPerSecond: (bytes.length * 1000) / period };
}

let shipped: CaptureClip | null = null;

/**
 * The real terminal stream shipped in `assets/jt1078/` (go-jt808's data.txt, MIT; see the README there): H.264
 * 720×576 and G.711A, ~4.3 s. Read relative to this module, so it is found from source on a fresh clone (the shared
 * folder beside the repo is not there in CI). Parsed once per process.
 */
export function shippedCapture(): CaptureClip {
  shipped ??= parseCapture(
    new Uint8Array(readFileSync(new URL('../../../assets/jt1078/go-jt808-capture.bin', import.meta.url))),
  );
  return shipped;
}
