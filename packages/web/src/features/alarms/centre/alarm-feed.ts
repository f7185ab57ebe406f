import type { AlarmBody } from '@headway/server/contract';

// The live `alarm` command on its way to the alarm centre (STYLE.md "batch the live stream before the UI"):
// bodies are checked, deduplicated by id, and handed over in batches at most every `intervalMs`, so a storm of
// 1,000 alarms a second costs the page a few state updates a second, not a thousand.

/** The badge and the popups change at most this often. */
export const FEED_INTERVAL_MS = 250;
/** Ids remembered against repeats (a push repeated on reconnect, an alarm pushed again when it ends). */
export const SEEN_LIMIT = 5_000;

export interface AlarmFeed {
  /** The `data` of one `alarm` command, as it came off the live channel. */
  push(data: unknown): void;
  /** Hands over what is pending now (tests, sign-out). */
  flush(): void;
  dispose(): void;
}

export interface AlarmFeedOptions {
  onBatch: (alarms: AlarmBody[]) => void;
  intervalMs?: number;
  seenLimit?: number;
  now?: () => number;
}

function isAlarmBody(value: unknown): value is AlarmBody {
  const v = value as Partial<AlarmBody> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.id === 'number' &&
    typeof v.platform_alarm_id === 'number' &&
    typeof v.event_time === 'number'
  );
}

export function createAlarmFeed({
  onBatch,
  intervalMs = FEED_INTERVAL_MS,
  seenLimit = SEEN_LIMIT,
  now = () => Date.now(),
}: AlarmFeedOptions): AlarmFeed {
  let pending: AlarmBody[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = Number.NEGATIVE_INFINITY;
  // Insertion-ordered: the oldest ids are forgotten first.
  const seen = new Set<number>();

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    last = now();
    onBatch(batch);
  };

  return {
    push(data) {
      const items = Array.isArray(data) ? data : [data];
      for (const item of items) {
        if (!isAlarmBody(item) || seen.has(item.id)) continue;
        seen.add(item.id);
        if (seen.size > seenLimit) seen.delete(seen.values().next().value as number);
        pending.push(item);
      }
      if (pending.length === 0 || timer !== undefined) return;
      // The first alarm after a quiet spell goes through at once; a storm waits for the interval.
      timer = setTimeout(flush, Math.max(0, last + intervalMs - now()));
    },
    flush,
    dispose() {
      clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}
