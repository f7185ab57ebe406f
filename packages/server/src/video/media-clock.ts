import { type StreamKey, streamKeyId } from '../media/index.ts';

/** One video frame as the media port saw it: its FLV time, the terminal's timestamp, and when it arrived. */
export interface ClockSample {
  /** FLV tag timestamp (ms from the stream's first frame): what the player's currentTime counts. */
  flv: number;
  /** The terminal's own packet timestamp (ms, JT/T 1078 table 19), null when it sent none. */
  terminal: number | null;
  /** Wall clock (epoch ms) when its last packet reached the media port. */
  received: number;
}

/** Samples kept per stream: ~10 s of 25 fps video. */
const KEEP = 256;

/**
 * Latency measurement (docs/media.md "Latency"): per stream the mapping FLV time ↔ terminal timestamp ↔ arrival
 * wall clock of the recent frames, so a browser can tell when the frame it presents reached the server.
 */
export class MediaClocks {
  private readonly rings = new Map<string, { samples: ClockSample[]; next: number }>();

  record(key: StreamKey, last: { streamMs: number; sourceMs: number | undefined } | undefined, at: number): void {
    if (!last) return;
    const id = streamKeyId(key);
    let ring = this.rings.get(id);
    if (!ring) {
      ring = { samples: [], next: 0 };
      this.rings.set(id, ring);
    }
    const sample: ClockSample = { flv: last.streamMs, terminal: last.sourceMs ?? null, received: at };
    if (ring.samples.length < KEEP) ring.samples.push(sample);
    else ring.samples[ring.next] = sample;
    ring.next = (ring.next + 1) % KEEP;
  }

  /** Oldest first. */
  samples(key: StreamKey): ClockSample[] {
    const ring = this.rings.get(streamKeyId(key));
    if (!ring) return [];
    return ring.samples.length < KEEP
      ? [...ring.samples]
      : [...ring.samples.slice(ring.next), ...ring.samples.slice(0, ring.next)];
  }

  forget(key: StreamKey): void {
    this.rings.delete(streamKeyId(key));
  }
}
