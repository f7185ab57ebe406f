// Batch the live stream before the UI (STYLE): whatever the socket delivers, the map applies at most one
// merged batch per interval. Items are merged by key, newest wins, so a vehicle appears once per batch.

export interface BatchThrottle<T> {
  push(items: readonly T[]): void;
  /** Applies what is pending now (e.g. before unmount or a full refresh). */
  flush(): void;
  cancel(): void;
}

export function throttleBatches<T>(
  keyOf: (item: T) => string,
  apply: (batch: T[]) => void,
  intervalMs: number,
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void } = {
    set: (fn, ms) => setTimeout(fn, ms),
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
  now: () => number = () => Date.now(),
): BatchThrottle<T> {
  let pending = new Map<string, T>();
  let timer: unknown;
  let last = Number.NEGATIVE_INFINITY;

  const flush = () => {
    if (timer !== undefined) {
      timers.clear(timer);
      timer = undefined;
    }
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    last = now();
    apply(batch);
  };

  return {
    push(items) {
      for (const item of items) pending.set(keyOf(item), item);
      if (timer !== undefined) return;
      const wait = Math.max(0, last + intervalMs - now());
      timer = timers.set(flush, wait);
    },
    flush,
    cancel() {
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      pending = new Map();
    },
  };
}
