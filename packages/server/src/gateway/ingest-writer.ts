import { performance } from 'node:perf_hooks';
import { type StoredPosition, toRow } from '../tracks/position-row.ts';
import type { PositionSink } from '../tracks/position-sink.ts';
import type { GatewayMetrics } from './metrics.ts';
import type { PositionBus } from './position-bus.ts';

/** One terminal message awaiting its ack: a 0x0200 (one position) or a 0x0704 (several, acked once). */
export interface IngestEntry {
  positions: StoredPosition[];
  /** performance.now() when the frame was read: the start of the ack latency. */
  receivedAt: number;
  /** Sends the 0x8001; called only after the transaction holding every position of the entry committed. */
  ack(): void;
}

export interface IngestWriterOptions {
  /** Flush as soon as this many are queued; a backlog is taken up to 8 times this in one commit. */
  batchSize: number;
  flushIntervalMs: number;
  maxQueuedPositions: number;
}

/**
 * Group-commit writer shared by every session: positions from all terminals queue here, one transaction
 * commits a batch (on size, or `flushIntervalMs` after the first queued position), and only then are the acks
 * released. "No acknowledged position is lost" (ARCHITECTURE.md) rests on this ordering. A failed batch is
 * not acked: the terminals resend (at-least-once, so a point may be stored twice after a lost ack).
 */
export class IngestWriter {
  private queue: IngestEntry[] = [];
  /**
   * Entries before this index are taken. Not Array.shift(): a queue of tens of thousands of entries has its
   * backing store in V8's large-object space, where shift() copies the whole array — every commit then cost
   * O(queue × batch) and stalled the event loop for seconds exactly when a backlog formed (20,000 terminals on
   * PostgreSQL, docs/performance.md).
   */
  private head = 0;
  private queuedPositions = 0;
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private holds = 0;
  private drainWaiters: (() => void)[] = [];
  private idleWaiters: (() => void)[] = [];
  /** Latest committed position per terminal phone. */
  readonly latest = new Map<string, StoredPosition>();

  constructor(
    private readonly sink: PositionSink,
    private readonly options: IngestWriterOptions,
    private readonly metrics: GatewayMetrics,
    private readonly bus: PositionBus,
    private readonly onError: (error: unknown, positions: number) => void,
  ) {}

  /** Entries (terminal messages) waiting for a commit. */
  private get pending(): number {
    return this.queue.length - this.head;
  }

  get queued(): number {
    return this.queuedPositions;
  }

  /** True when producers should stop reading sockets until `onDrain` fires. */
  get backlogged(): boolean {
    return this.queuedPositions >= this.options.maxQueuedPositions;
  }

  onDrain(callback: () => void): void {
    this.drainWaiters.push(callback);
  }

  enqueue(entry: IngestEntry): void {
    this.queue.push(entry);
    this.queuedPositions += entry.positions.length;
    if (this.queuedPositions >= this.options.batchSize) this.flushSoon(0);
    else this.flushSoon(this.options.flushIntervalMs);
  }

  /** Test seam: nothing is committed (so nothing acked) until the returned release is called. */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      this.flushSoon(0);
    };
  }

  /** Commits what is queued and waits for every transaction in flight. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.holds = 0;
    while (this.pending > 0 || this.inFlight > 0) {
      if (this.pending > 0 && this.inFlight < this.sink.parallel) void this.flush();
      await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    }
    await this.sink.close();
  }

  private flushSoon(delayMs: number): void {
    if (delayMs === 0) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      void this.flush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
  }

  private async flush(): Promise<void> {
    if (this.holds > 0 || this.inFlight >= this.sink.parallel || this.pending === 0) return;
    // Take whole entries up to the batch size: a 0x0704 is committed in one transaction with its one ack.
    const batch: IngestEntry[] = [];
    let count = 0;
    // Group commit: a flush normally takes one batch, but what piled up while every slot was committing goes in
    // one larger transaction (up to 8 batches), so throughput rises with load instead of the queue growing.
    const limit = this.options.batchSize * 8;
    while (this.head < this.queue.length && count < limit) {
      const entry = this.queue[this.head++] as IngestEntry;
      batch.push(entry);
      count += entry.positions.length;
    }
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head > 4096 && this.head * 2 > this.queue.length) {
      // Only once the taken part is most of the array: compacting a long backlog on every flush would copy it
      // each time, the very cost the head index avoids.
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    this.queuedPositions -= count;
    this.inFlight++;
    const rows = [];
    const positions: StoredPosition[] = [];
    for (const entry of batch) {
      for (const p of entry.positions) {
        rows.push(toRow(p));
        positions.push(p);
      }
    }
    const started = performance.now();
    let committed = false;
    try {
      await this.sink.write(rows);
      committed = true;
    } catch (error) {
      this.metrics.batchErrors++;
      this.metrics.positionsDropped += count;
      this.onError(error, count);
    }
    this.inFlight--;
    if (committed) {
      const now = performance.now();
      this.metrics.commitLatency.record(now - started);
      this.metrics.batches++;
      this.metrics.positionsStored += count;
      for (const entry of batch) {
        entry.ack();
        this.metrics.ackLatency.record(performance.now() - entry.receivedAt);
      }
      for (const p of positions) {
        const prev = this.latest.get(p.terminalPhone);
        if (!prev || prev.eventTime <= p.eventTime) this.latest.set(p.terminalPhone, p);
      }
      this.bus.publish(positions);
    }
    if (this.drainWaiters.length > 0 && this.queuedPositions < this.options.maxQueuedPositions / 2) {
      const waiters = this.drainWaiters;
      this.drainWaiters = [];
      for (const w of waiters) w();
    }
    if (this.pending > 0) {
      // What queued during the commit is the next group: flush at once if it is full, else on the timer.
      if (this.queuedPositions >= this.options.batchSize) this.flushSoon(0);
      else this.flushSoon(this.options.flushIntervalMs);
    }
    if (this.inFlight === 0 && this.pending === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    } else if (this.idleWaiters.length > 0 && this.holds === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }
}
