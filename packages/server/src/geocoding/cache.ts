import type { Clock } from '../kernel/time.ts';

/**
 * A least-recently-used map with an age limit. A Map keeps insertion order, so re-inserting on every hit puts the
 * most recent entry last and the first key is always the one to evict.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; at: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
    private readonly clock: Clock,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (this.clock.now() - entry.at >= this.maxAgeMs) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: this.clock.now() });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
