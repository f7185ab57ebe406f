import type { Clock } from '../kernel/time.ts';

/**
 * Sliding-window counter per key (login attempts per address and per account). In memory: a node
 * only sees its own traffic, so with N API nodes the effective limit is up to N× (docs/decisions.md).
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: () => number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {}

  /** Records an attempt; false when it exceeds the limit (the attempt is still counted). */
  hit(key: string): boolean {
    const now = this.clock.now();
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(now);
    return recent.length <= this.limit();
  }

  private prune(now: number): void {
    for (const [key, times] of this.hits) {
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(key);
    }
  }
}
