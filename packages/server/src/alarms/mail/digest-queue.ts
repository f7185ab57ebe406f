// Per-recipient batching of mail notices: whatever arrives for one recipient while a mail is due goes out in that
// one mail, so an alarm storm sends each recipient one digest per window, not one mail per alarm.
//  - The first alarm after a quiet window waits `firstDelayMs` (a burst starts as one mail);
//  - after a mail, the next waits until `windowMs` has passed since it;
//  - at most `maxPerHour` mails per recipient in any hour; the digest keeps collecting meanwhile;
//  - a digest lists its first `maxRows` items and counts the rest (and every item by kind, for the subject);
//  - a failed delivery is tried once more after `retryDelayMs`, then given up (both reported to onError).

export interface DigestPolicy {
  windowMs: number;
  firstDelayMs: number;
  maxPerHour: number;
  maxRows: number;
  retryDelayMs: number;
}

export interface Digest<T> {
  key: string;
  /** The first maxRows items, in arrival order. */
  items: T[];
  /** Every item of the digest. */
  total: number;
  /** kindOf(item) → count, over every item. */
  kinds: Map<number, number>;
}

/** The timers the queue runs on; tests pass their own clock. */
export interface Timers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface DigestHooks<T> {
  kindOf(item: T): number;
  deliver(digest: Digest<T>): Promise<void>;
  /** A delivery failed; `final` when it will not be tried again. */
  onError(error: unknown, digest: Digest<T>, final: boolean): void;
  /** Awaited when a digest falls due, before it is taken: lets items already on their way join it. */
  beforeFlush?(): Promise<void>;
}

const HOUR_MS = 3_600_000;

/** One per user ever mailed since start: bounded by the users with a mail notice on. */
interface Recipient<T> {
  pending: Digest<T> | undefined;
  timer: unknown;
  /** Send times within the last hour, oldest first. */
  sent: number[];
}

export class DigestQueue<T> {
  private readonly recipients = new Map<string, Recipient<T>>();
  /** Flushes and deliveries (with their retry) under way. */
  private busy = 0;
  private waiters: (() => void)[] = [];
  private stopped = false;
  /** Wakes a delivery waiting for its retry (stop() retries at once rather than holding shutdown). */
  private readonly retries = new Set<() => void>();

  constructor(
    private readonly policy: DigestPolicy,
    private readonly hooks: DigestHooks<T>,
    private readonly timers: Timers = realTimers,
  ) {}

  add(key: string, item: T): void {
    if (this.stopped) return;
    let r = this.recipients.get(key);
    if (!r) {
      r = { pending: undefined, timer: undefined, sent: [] };
      this.recipients.set(key, r);
    }
    if (!r.pending) {
      r.pending = { key, items: [], total: 0, kinds: new Map() };
      this.schedule(r);
    }
    const digest = r.pending;
    if (digest.items.length < this.policy.maxRows) digest.items.push(item);
    digest.total += 1;
    const kind = this.hooks.kindOf(item);
    digest.kinds.set(kind, (digest.kinds.get(kind) ?? 0) + 1);
  }

  /** Resolves once no digest is pending and no delivery is under way. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Sends every pending digest now (shutdown), ignoring the window and the hourly cap; later adds are ignored. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const wake of this.retries) wake();
    for (const r of this.recipients.values()) {
      if (r.timer !== undefined) this.timers.clearTimeout(r.timer);
      r.timer = undefined;
      if (r.pending) void this.flush(r);
    }
    await this.idle();
  }

  private isIdle(): boolean {
    if (this.busy > 0) return false;
    for (const r of this.recipients.values()) if (r.pending) return false;
    return true;
  }

  private settle(): void {
    if (!this.isIdle()) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private dueAt(r: Recipient<T>, now: number): number {
    while (r.sent.length > 0 && (r.sent[0] ?? 0) <= now - HOUR_MS) r.sent.shift();
    let due = now + this.policy.firstDelayMs;
    const last = r.sent.at(-1);
    if (last !== undefined) due = Math.max(due, last + this.policy.windowMs);
    if (r.sent.length >= this.policy.maxPerHour) {
      due = Math.max(due, (r.sent[r.sent.length - this.policy.maxPerHour] ?? now) + HOUR_MS);
    }
    return due;
  }

  private schedule(r: Recipient<T>): void {
    const now = this.timers.now();
    r.timer = this.timers.setTimeout(
      () => {
        r.timer = undefined;
        void this.flush(r);
      },
      Math.max(0, this.dueAt(r, now) - now),
    );
  }

  private async flush(r: Recipient<T>): Promise<void> {
    this.busy += 1;
    try {
      await this.hooks.beforeFlush?.();
      const digest = r.pending;
      r.pending = undefined;
      if (!digest) return;
      r.sent.push(this.timers.now());
      await this.deliver(digest);
    } finally {
      this.busy -= 1;
      this.settle();
    }
  }

  private async deliver(digest: Digest<T>): Promise<void> {
    try {
      await this.hooks.deliver(digest);
      return;
    } catch (error) {
      this.hooks.onError(error, digest, false);
    }
    await new Promise<void>((resolve) => {
      const wake = () => {
        this.timers.clearTimeout(handle);
        this.retries.delete(wake);
        resolve();
      };
      const handle = this.stopped ? undefined : this.timers.setTimeout(wake, this.policy.retryDelayMs);
      if (this.stopped) wake();
      else this.retries.add(wake);
    });
    try {
      await this.hooks.deliver(digest);
    } catch (error) {
      this.hooks.onError(error, digest, true);
    }
  }
}
