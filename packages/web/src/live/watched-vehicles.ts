import type { RealData } from '@headway/server/contract';

// The few vehicles a dialog follows live (the SOS modal's trace), in the live worker: gps batches are offered
// here before the fleet merges them, and `take` gives the newest fix of each watched vehicle since the last
// post. Kept apart from FleetState because it works without a roster: a screen without the map has none.

export class WatchedVehicles {
  private keys = new Set<string>();
  /** Event time of the newest fix taken or pending per key: a resent older report never moves a vehicle back. */
  private newest = new Map<string, number>();
  private waiting = new Map<string, RealData>();

  get active(): boolean {
    return this.keys.size > 0;
  }

  get pending(): boolean {
    return this.waiting.size > 0;
  }

  /** Replaces the watched set; returns the keys not watched before (the caller may have a fix for them). */
  set(keys: readonly string[]): string[] {
    const next = new Set(keys);
    const added = keys.filter((k) => !this.keys.has(k));
    for (const k of this.keys) {
      if (next.has(k)) continue;
      this.newest.delete(k);
      this.waiting.delete(k);
    }
    this.keys = next;
    return added;
  }

  /** One fix for `key` (the key it was watched by; `data.imei` may be another key of the same vehicle). */
  offerOne(key: string, data: RealData): void {
    if (!this.keys.has(key)) return;
    const held = this.newest.get(key);
    if (held !== undefined && data.et <= held) return;
    this.newest.set(key, data.et);
    this.waiting.set(key, data);
  }

  /** A gps batch: fixes of vehicles not watched cost one set lookup each. */
  offer(batch: readonly RealData[]): void {
    for (const item of batch) if (this.keys.has(item.imei)) this.offerOne(item.imei, item);
  }

  /** The fixes waiting, each under the key it was watched by (null when none). */
  take(): RealData[] | null {
    if (this.waiting.size === 0) return null;
    const fixes: RealData[] = [];
    for (const [key, data] of this.waiting) fixes.push(data.imei === key ? data : { ...data, imei: key });
    this.waiting.clear();
    return fixes;
  }
}
