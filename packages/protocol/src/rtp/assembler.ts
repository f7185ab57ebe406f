import type { RtpPacket } from './packet.ts';

/** A complete audio/video frame rebuilt from stream packets. */
export interface MediaFrame {
  sim: string;
  channel: number;
  dataType: number;
  payloadType: number;
  timestamp: number | undefined;
  data: Uint8Array;
}

export interface RtpFrameAssemblerOptions {
  /** Largest frame kept; a longer one is dropped. Default 4 MiB. */
  maxFrameBytes?: number;
}

/**
 * Rebuilds frames from fragment marks (1 first, 3 middle, 2 last; 0 atomic), per (SIM, channel, data type).
 * A middle or last packet without its first is dropped, as is a frame that grows past the bound.
 */
export class RtpFrameAssembler {
  private readonly max: number;
  private readonly open = new Map<string, { parts: Uint8Array[]; bytes: number }>();

  constructor(opts: RtpFrameAssemblerOptions = {}) {
    this.max = opts.maxFrameBytes ?? 4 * 1024 * 1024;
  }

  push(p: RtpPacket): MediaFrame | undefined {
    if (p.subpackageMark === 0) return frame(p, p.payload);
    const key = `${p.sim}|${p.channel}|${p.dataType}`;
    if (p.subpackageMark === 1) {
      this.open.set(key, { parts: [p.payload], bytes: p.payload.length });
      return undefined;
    }
    const a = this.open.get(key);
    if (!a) return undefined;
    a.parts.push(p.payload);
    a.bytes += p.payload.length;
    if (a.bytes > this.max) {
      this.open.delete(key);
      return undefined;
    }
    if (p.subpackageMark !== 2) return undefined;
    this.open.delete(key);
    const data = new Uint8Array(a.bytes);
    let o = 0;
    for (const part of a.parts) {
      data.set(part, o);
      o += part.length;
    }
    return frame(p, data);
  }
}

function frame(p: RtpPacket, data: Uint8Array): MediaFrame {
  return {
    sim: p.sim,
    channel: p.channel,
    dataType: p.dataType,
    payloadType: p.payloadType,
    timestamp: p.timestamp,
    data,
  };
}
