/** One FLV tag as a test reads it back. */
export interface ReadTag {
  type: number;
  timestamp: number;
  /** Video: 1 keyframe, 2 inter frame. */
  frameType: number;
  /** AVC: 0 sequence header, 1 NALUs. */
  packetType: number;
  size: number;
}

/** Parses an FLV byte stream as it arrives (header, then whole tags); tests assert on what it has seen. */
export class FlvReader {
  readonly tags: ReadTag[] = [];
  header: Uint8Array | undefined;
  bytes = 0;
  private buf = new Uint8Array(0);
  readonly chunks: Uint8Array[] = [];

  push(chunk: Uint8Array): void {
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    const joined = new Uint8Array(this.buf.length + chunk.length);
    joined.set(this.buf);
    joined.set(chunk, this.buf.length);
    let o = 0;
    if (!this.header) {
      if (joined.length < 13) {
        this.buf = joined;
        return;
      }
      this.header = joined.slice(0, 13);
      o = 13;
    }
    while (o + 11 <= joined.length) {
      const size = (joined[o + 1]! << 16) | (joined[o + 2]! << 8) | joined[o + 3]!;
      if (o + 11 + size + 4 > joined.length) break;
      const timestamp =
        ((joined[o + 7]! << 24) | (joined[o + 4]! << 16) | (joined[o + 5]! << 8) | joined[o + 6]!) >>> 0;
      const first = joined[o + 11] ?? 0;
      this.tags.push({
        type: joined[o]!,
        timestamp,
        frameType: first >> 4,
        packetType: joined[o + 12] ?? 0,
        size,
      });
      o += 11 + size + 4;
    }
    this.buf = joined.slice(o);
  }

  get sequenceHeaders(): number {
    return this.tags.filter((t) => t.type === 9 && t.packetType === 0).length;
  }

  get keyframes(): number {
    return this.tags.filter((t) => t.type === 9 && t.packetType === 1 && t.frameType === 1).length;
  }

  get frames(): number {
    return this.tags.filter((t) => t.type === 9 && t.packetType === 1).length;
  }
}

/** Reads an HTTP-FLV response into a reader until `stop()`. */
export async function readHttpFlv(
  url: string,
): Promise<{ status: number; reader: FlvReader; stop(): void; done: Promise<void> }> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const reader = new FlvReader();
  const done = (async () => {
    if (!res.body || res.status !== 200) return;
    try {
      for await (const chunk of res.body) reader.push(chunk as Uint8Array);
    } catch {
      // aborted by stop()
    }
  })();
  return { status: res.status, reader, stop: () => controller.abort(), done };
}
