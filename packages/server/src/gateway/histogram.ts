/**
 * Latency histogram with logarithmic buckets (about 5 % wide) from 0.05 ms to ~60 s: constant memory and O(1)
 * record, precise enough for p50/p99 of ack latency at tens of thousands of samples per second.
 */
const BASE = 1.05;
const MIN_MS = 0.05;
const BUCKETS = Math.ceil(Math.log(60_000 / MIN_MS) / Math.log(BASE)) + 1;

export class LatencyHistogram {
  private counts = new Float64Array(BUCKETS);
  private total = 0;
  private sum = 0;
  private maxMs = 0;

  record(ms: number): void {
    const i = ms <= MIN_MS ? 0 : Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / MIN_MS) / Math.log(BASE)));
    this.counts[i] = (this.counts[i] ?? 0) + 1;
    this.total++;
    this.sum += ms;
    if (ms > this.maxMs) this.maxMs = ms;
  }

  /** Upper bound of the bucket holding quantile q (0..1), in ms. */
  quantile(q: number): number {
    if (this.total === 0) return 0;
    const target = Math.max(1, Math.ceil(q * this.total));
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i] ?? 0;
      if (seen >= target) return Math.min(this.maxMs, MIN_MS * BASE ** i);
    }
    return this.maxMs;
  }

  snapshot(): { count: number; meanMs: number; p50Ms: number; p90Ms: number; p99Ms: number; maxMs: number } {
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      count: this.total,
      meanMs: round(this.total ? this.sum / this.total : 0),
      p50Ms: round(this.quantile(0.5)),
      p90Ms: round(this.quantile(0.9)),
      p99Ms: round(this.quantile(0.99)),
      maxMs: round(this.maxMs),
    };
  }

  reset(): void {
    this.counts.fill(0);
    this.total = 0;
    this.sum = 0;
    this.maxMs = 0;
  }
}
