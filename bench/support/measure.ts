import { readFileSync } from 'node:fs';

/** The q-quantile of ascending samples (NaN when none). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** RSS (MiB) and cumulative CPU seconds of a process, from /proc (Linux); null when it is gone. */
export function procUsage(pid: number): { rssMiB: number; cpuSeconds: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (100/s on Linux)
    return { rssMiB: rssKb / 1024, cpuSeconds: ticks / 100 };
  } catch {
    return null;
  }
}

/**
 * Report → console latency as a join of two streams keyed by `${imei}|${et}`: when each report was written by a
 * terminal, and when a gps frame carrying that vehicle and event time reached the console. Either side may come
 * first (send times can arrive from another process after the frame), so both are held until they meet. Times
 * are any clock both sides share (performance.now() in one process, Date.now() across processes).
 */
export class ReportLatency {
  private readonly sent = new Map<string, number>();
  private readonly received = new Map<string, number>();
  private window: { from: number; to: number } | undefined;
  readonly samples: number[] = [];

  /** Only reports sent inside [from, to] are samples; others are joined and dropped. */
  measure(from: number, to = Number.POSITIVE_INFINITY): void {
    this.window = { from, to };
  }

  onSent(key: string, at: number): void {
    const got = this.received.get(key);
    if (got === undefined) this.sent.set(key, at);
    else {
      this.received.delete(key);
      this.sample(at, got);
    }
  }

  onReceived(key: string, at: number): void {
    const sentAt = this.sent.get(key);
    if (sentAt === undefined) {
      // Only the first frame with a key counts (a later one is a resend after a reconnect).
      if (!this.received.has(key)) this.received.set(key, at);
    } else {
      this.sent.delete(key);
      this.sample(sentAt, at);
    }
  }

  /** Reports sent inside the window that no frame carried. */
  missing(): number {
    let n = 0;
    for (const at of this.sent.values()) if (this.inWindow(at)) n++;
    return n;
  }

  /** Forgets unmatched entries older than `before` on both sides (long runs). */
  prune(before: number): void {
    for (const [key, at] of this.received) if (at < before) this.received.delete(key);
    for (const [key, at] of this.sent) if (at < before && !this.inWindow(at)) this.sent.delete(key);
  }

  sorted(): number[] {
    return [...this.samples].sort((a, b) => a - b);
  }

  private inWindow(at: number): boolean {
    return this.window !== undefined && at >= this.window.from && at <= this.window.to;
  }

  private sample(sentAt: number, receivedAt: number): void {
    if (this.inWindow(sentAt)) this.samples.push(receivedAt - sentAt);
  }
}

/** p50 / p90 / p99 / max of ascending samples, rounded to `decimals` places. */
export function latencySummary(
  sorted: readonly number[],
  decimals = 0,
): { p50: number; p90: number; p99: number; max: number } {
  const scale = 10 ** decimals;
  const round = (x: number) => Math.round(x * scale) / scale;
  return {
    p50: round(quantile(sorted, 0.5)),
    p90: round(quantile(sorted, 0.9)),
    p99: round(quantile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}
