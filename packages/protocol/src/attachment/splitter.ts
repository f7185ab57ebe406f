import { StreamBuffer } from '../codec/stream-buffer.ts';
import { FLAG } from '../frame/escape.ts';
import { decodeFileDataPacket, type FileDataPacket, fileDataLength, isFileDataMagic } from './file-data.ts';

export type AttachmentChunk =
  /** An 808 frame (escaped, without delimiters) — pass to decodeFrame. */
  { kind: 'frame'; bytes: Uint8Array } | { kind: 'file-data'; packet: FileDataPacket };

export interface AttachmentSplitterOptions {
  /** Largest escaped 808 frame. Default 4096. */
  maxFrameSize?: number;
  /** Largest data length in one file data packet. Default 1 MiB (the standard's default chunk is 64 KiB). */
  maxDataLength?: number;
  onDrop?: (reason: 'oversize' | 'garbage', bytes: number) => void;
}

/**
 * Splits the attachment-server connection, which interleaves 808 frames (0x1210/0x1211/0x1212) with raw file
 * data packets. Data packets are length-prefixed and may contain 7E bytes, so the splitter looks at what starts
 * each unit: 0x7E opens a frame, `30 31 63 64` opens a data packet, anything else is garbage.
 */
export class AttachmentSplitter {
  private readonly sb = new StreamBuffer();
  private readonly maxFrame: number;
  private readonly maxData: number;
  private readonly onDrop: AttachmentSplitterOptions['onDrop'];
  readonly stats = { frames: 0, packets: 0, droppedBytes: 0 };

  constructor(opts: AttachmentSplitterOptions = {}) {
    this.maxFrame = opts.maxFrameSize ?? 4096;
    this.maxData = opts.maxDataLength ?? 1024 * 1024;
    this.onDrop = opts.onDrop;
  }

  push(chunk: Uint8Array): AttachmentChunk[] {
    const out: AttachmentChunk[] = [];
    const sb = this.sb;
    sb.append(chunk);
    while (sb.length > 0) {
      const b = sb.buf;
      const s = sb.start;
      if (b[s] === FLAG) {
        if (sb.length > 1 && b[s + 1] === FLAG) {
          sb.consume(1); // 7E 7E: the second one opens the frame
          continue;
        }
        const close = b.subarray(s + 1, sb.end).indexOf(FLAG);
        if (close < 0) {
          if (sb.length > this.maxFrame + 2) this.drop('oversize', sb.length);
          break;
        }
        if (close > this.maxFrame) {
          this.drop('oversize', close + 2);
          continue;
        }
        out.push({ kind: 'frame', bytes: b.slice(s + 1, s + 1 + close) });
        this.stats.frames++;
        sb.consume(close + 2);
        continue;
      }
      if (sb.length < 4) break;
      if (isFileDataMagic(b, s)) {
        const n = fileDataLength(b, s, sb.end);
        if (n < 0) break;
        if (n - 62 > this.maxData) {
          this.drop('oversize', 4);
          continue;
        }
        if (sb.length < n) break;
        const r = decodeFileDataPacket(b.subarray(s, s + n));
        sb.consume(n);
        if (r.ok) {
          out.push({ kind: 'file-data', packet: r.packet });
          this.stats.packets++;
        }
        continue;
      }
      // Garbage: skip to the next 7E or magic.
      let i = s + 1;
      while (i < sb.end) {
        if (b[i] === FLAG) break;
        // A 0x30 near the end may be the start of a magic split across reads: keep it.
        if (b[i] === 0x30 && (i + 3 >= sb.end || isFileDataMagic(b, i))) break;
        i++;
      }
      this.drop('garbage', i - s);
    }
    return out;
  }

  reset(): void {
    this.sb.clear();
  }

  private drop(reason: 'oversize' | 'garbage', n: number): void {
    const k = Math.min(n, this.sb.length);
    this.sb.consume(k);
    this.stats.droppedBytes += k;
    this.onDrop?.(reason, k);
  }
}
