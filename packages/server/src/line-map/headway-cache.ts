// Every open line map polls the headways of each line it shows (docs/line-map.md "Cost"): consoles watching the
// same line within a few seconds share one computation. The promise is kept, so requests arriving while it runs
// wait for it instead of starting their own.

/** Seconds an answer is served again: well under the console's 15 s poll, far over the requests' burst. */
export const HEADWAY_CACHE_SECONDS = 5;

/** Past this many entries the expired ones are swept (one per company × line × console scope in use). */
const SWEEP_ABOVE = 256;

export class TtlCache<T> {
  private readonly entries = new Map<string, { until: number; value: Promise<T> }>();

  constructor(private readonly ttlSeconds = HEADWAY_CACHE_SECONDS) {}

  get(key: string, now: number, compute: () => Promise<T>): Promise<T> {
    const held = this.entries.get(key);
    if (held && held.until > now) return held.value;
    const value = compute();
    this.entries.set(key, { until: now + this.ttlSeconds, value });
    // A failure is not an answer: the next request tries again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > SWEEP_ABOVE) {
      for (const [k, e] of this.entries) if (e.until <= now) this.entries.delete(k);
    }
    return value;
  }
}
