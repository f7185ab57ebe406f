import type { StoredPosition } from '../tracks/position-row.ts';

export type PositionsListener = (batch: readonly StoredPosition[]) => void;

/**
 * Where committed positions go next (ingest, live channel). In-process by default; a NATS implementation of
 * the same interface serves several nodes. Listeners run after the commit, synchronously: keep them cheap and
 * never throw (a throwing listener is caught and logged, the acks are not held back by it).
 */
export interface PositionBus {
  onPositions(listener: PositionsListener): () => void;
  publish(batch: readonly StoredPosition[]): void;
}

export class InProcessPositionBus implements PositionBus {
  private listeners = new Set<PositionsListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  onPositions(listener: PositionsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(batch: readonly StoredPosition[]): void {
    for (const listener of this.listeners) {
      try {
        listener(batch);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
