import { StreamBuffer } from '../codec/stream-buffer.ts';
import { decodeRtpPacket, type RtpOptions, type RtpPacket, rtpPacketLength } from './packet.ts';

export interface RtpSplitterOptions extends RtpOptions {
  /** Largest payload accepted. Default 65535 (the WORD maximum; the text says ≤ 950 but devices exceed it). */
  maxPayload?: number;
  /** Bytes skipped while looking for the next `30 31 63 64` magic. */
  onDrop?: (bytes: number) => void;
}

/**
 * Cuts a JT/T 1078 media TCP stream into stream packets. Survives partial and glued reads; after garbage or an
 * implausible header it resynchronises on the next magic.
 */
export class RtpSplitter {
  private readonly sb = new StreamBuffer();
  private readonly simLength: 6 | 10;
  private readonly maxPayload: number;
  private readonly onDrop: ((bytes: number) => void) | undefined;
  readonly stats = { packets: 0, droppedBytes: 0 };

  constructor(opts: RtpSplitterOptions = {}) {
    this.simLength = opts.simLength ?? 6;
    this.maxPayload = opts.maxPayload ?? 0xffff;
    this.onDrop = opts.onDrop;
  }

  push(chunk: Uint8Array): RtpPacket[] {
    const out: RtpPacket[] = [];
    const sb = this.sb;
    sb.append(chunk);
    let skipped = 0;
    while (sb.length > 0) {
      const n = rtpPacketLength(sb.buf, sb.start, sb.end, this.simLength);
      if (n === -1) break;
      if (n === -2 || n - 30 > this.maxPayload) {
        // Not a packet here: skip to the next candidate magic.
        const next = this.findMagic(sb.start + 1);
        const drop = (next < 0 ? Math.max(sb.end - 3, sb.start + 1) : next) - sb.start;
        skipped += drop;
        sb.consume(drop);
        continue;
      }
      if (sb.length < n) break;
      const r = decodeRtpPacket(sb.buf.subarray(sb.start, sb.start + n), { simLength: this.simLength });
      sb.consume(n);
      if (r.ok) {
        out.push(r.packet);
        this.stats.packets++;
      } else {
        skipped += n;
      }
    }
    if (skipped > 0) {
      this.stats.droppedBytes += skipped;
      this.onDrop?.(skipped);
    }
    return out;
  }

  reset(): void {
    this.sb.clear();
  }

  private findMagic(from: number): number {
    const b = this.sb.buf;
    for (let i = from; i + 3 < this.sb.end; i++) {
      if (b[i] === 0x30 && b[i + 1] === 0x31 && b[i + 2] === 0x63 && b[i + 3] === 0x64) return i;
    }
    return -1;
  }
}
