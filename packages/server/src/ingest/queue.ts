import type { StoredPosition } from '../tracks/position-row.ts';

/**
 * The committed batches waiting for enrichment, bounded: past `maxQueued` positions the oldest batches are dropped
 * (they are stored already; only their live publication and events are lost) and counted. Taken from a head
 * index rather than with shift(), which copies a long array on every call (gateway/ingest-writer.ts).
 */
export class BatchQueue {
  private batches: (readonly StoredPosition[])[] = [];
  private head = 0;
  private positions = 0;
  dropped = 0;

  constructor(private readonly maxQueued: number) {}

  /** Positions waiting. */
  get size(): number {
    return this.positions;
  }

  get empty(): boolean {
    return this.head === this.batches.length;
  }

  push(batch: readonly StoredPosition[]): void {
    this.batches.push(batch);
    this.positions += batch.length;
    while (this.positions > this.maxQueued && this.head < this.batches.length) {
      const old = this.batches[this.head++] as readonly StoredPosition[];
      this.positions -= old.length;
      this.dropped += old.length;
    }
  }

  /** Whole batches, oldest first, until they hold at least `budget` positions or the queue is empty. */
  take(budget: number): (readonly StoredPosition[])[] {
    const out: (readonly StoredPosition[])[] = [];
    let left = budget;
    while (left > 0 && this.head < this.batches.length) {
      const batch = this.batches[this.head++] as readonly StoredPosition[];
      this.positions -= batch.length;
      left -= batch.length;
      out.push(batch);
    }
    if (this.head === this.batches.length) {
      this.batches = [];
      this.head = 0;
    } else if (this.head > 1024) {
      this.batches = this.batches.slice(this.head);
      this.head = 0;
    }
    return out;
  }
}
