import type { CodecError } from '../codec/errors.ts';
import type { Jt808Header } from './header.ts';

export interface SubpackageAssemblerOptions {
  /** Largest packet total accepted. Default 1024 (about 1 MiB of body). */
  maxPackets?: number;
  /** Largest reassembled body. Default 2 MiB. */
  maxBytes?: number;
  /** An assembly with no new fragment for this long is expired. Default 60 000 ms. */
  timeoutMs?: number;
  /** Most assemblies open at once (per assembler, i.e. per connection). Default 16; the oldest is evicted. */
  maxOpen?: number;
  /** Clock in ms (injected for tests). Default Date.now. */
  now?: () => number;
}

export type AssemblyResult =
  | { status: 'pending'; received: number; total: number }
  | {
      status: 'complete';
      /** Header of fragment 1 (its flow id is the "original flow id" of 0x8003). */
      header: Jt808Header;
      /** Concatenated bodies in packet-index order. */
      body: Uint8Array;
      /** Flow ids of fragments 1..total, for per-fragment acknowledgement. */
      flowIds: number[];
    }
  | { status: 'rejected'; error: CodecError };

/** An assembly given up on: what was missing, so the platform can ask again with 0x8003. */
export interface ExpiredAssembly {
  phone: string;
  msgId: number;
  total: number;
  /** Flow id of fragment 1 when it arrived, else of the first fragment seen. */
  firstFlowId: number;
  missing: number[];
}

interface Assembly {
  phone: string;
  msgId: number;
  total: number;
  parts: (Uint8Array | undefined)[];
  flowIds: number[];
  received: number;
  bytes: number;
  first: Jt808Header;
  touched: number;
}

/**
 * Reassembles fragmented messages (JT/T 808 §4.4.3, reference §1.3). Keyed on (phone, msgId, packet total) —
 * not on consecutive flow ids, which real devices do not guarantee. Bounded in packets, bytes, open assemblies
 * and time.
 */
export class SubpackageAssembler {
  private readonly maxPackets: number;
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  private readonly maxOpen: number;
  private readonly now: () => number;
  private readonly open = new Map<string, Assembly>();

  constructor(opts: SubpackageAssemblerOptions = {}) {
    this.maxPackets = opts.maxPackets ?? 1024;
    this.maxBytes = opts.maxBytes ?? 2 * 1024 * 1024;
    this.timeoutMs = opts.timeoutMs ?? 60_000;
    this.maxOpen = opts.maxOpen ?? 16;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.open.size;
  }

  /** Adds one fragment (header with `subpackage` set, and its unescaped body). The body is copied. */
  push(header: Jt808Header, body: Uint8Array): AssemblyResult {
    const { packetTotal: total, packetIndex: index } = header;
    if (!header.subpackage || total < 1 || index < 1 || index > total) {
      return reject(`bad fragment index ${index}/${total}`);
    }
    if (total > this.maxPackets) return reject(`packet total ${total} exceeds ${this.maxPackets}`);
    const key = `${header.phone}|${header.msgId}|${total}`;
    const t = this.now();
    let a = this.open.get(key);
    if (a && t - a.touched > this.timeoutMs) {
      this.open.delete(key);
      a = undefined;
    }
    if (!a) {
      if (this.open.size >= this.maxOpen) this.evictOldest();
      a = {
        phone: header.phone,
        msgId: header.msgId,
        total,
        parts: new Array<Uint8Array | undefined>(total),
        flowIds: new Array<number>(total).fill(-1),
        received: 0,
        bytes: 0,
        first: header,
        touched: t,
      };
      this.open.set(key, a);
    }
    a.touched = t;
    const prev = a.parts[index - 1];
    if (prev) a.bytes -= prev.length;
    else a.received++;
    if (a.bytes + body.length > this.maxBytes) {
      this.open.delete(key);
      return reject(`reassembled body would exceed ${this.maxBytes} bytes`);
    }
    a.parts[index - 1] = body.slice();
    a.bytes += body.length;
    a.flowIds[index - 1] = header.flowId;
    if (index === 1) a.first = header;
    if (a.received < total) return { status: 'pending', received: a.received, total };
    this.open.delete(key);
    const out = new Uint8Array(a.bytes);
    let o = 0;
    for (const p of a.parts) {
      out.set(p!, o);
      o += p!.length;
    }
    return { status: 'complete', header: a.first, body: out, flowIds: a.flowIds };
  }

  /** Missing packet indices of an open assembly (for 0x8003), or undefined if none is open. */
  missing(phone: string, msgId: number, total: number): number[] | undefined {
    const a = this.open.get(`${phone}|${msgId}|${total}`);
    return a ? missingOf(a) : undefined;
  }

  /** Removes and returns assemblies idle for longer than the timeout. Call it from a timer. */
  expire(): ExpiredAssembly[] {
    const t = this.now();
    const out: ExpiredAssembly[] = [];
    for (const [key, a] of this.open) {
      if (t - a.touched > this.timeoutMs) {
        this.open.delete(key);
        out.push(describe(a));
      }
    }
    return out;
  }

  clear(): void {
    this.open.clear();
  }

  private evictOldest(): void {
    let oldestKey: string | undefined;
    let oldest = Number.POSITIVE_INFINITY;
    for (const [key, a] of this.open) {
      if (a.touched < oldest) {
        oldest = a.touched;
        oldestKey = key;
      }
    }
    if (oldestKey !== undefined) this.open.delete(oldestKey);
  }
}

function missingOf(a: Assembly): number[] {
  const m: number[] = [];
  for (let i = 0; i < a.total; i++) if (!a.parts[i]) m.push(i + 1);
  return m;
}

function describe(a: Assembly): ExpiredAssembly {
  return { phone: a.phone, msgId: a.msgId, total: a.total, firstFlowId: a.first.flowId, missing: missingOf(a) };
}

function reject(message: string): AssemblyResult {
  return { status: 'rejected', error: { code: 'BAD_VALUE', message } };
}
