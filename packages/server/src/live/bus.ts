import type { LiveMessage } from './events.ts';

/**
 * Carries live events from producers (gateway ingest, dispatch routes) to the STOMP brokers. In one process it
 * is a function call; with several nodes a NATS implementation publishes `live.{companyId}` subjects and each
 * node's broker subscribes, so a user connected to any node sees every node's vehicles.
 */
export interface LiveBus {
  publish(message: LiveMessage): void;
  /** Every message of every company; the broker filters by its own subscribers. Returns unsubscribe. */
  subscribe(listener: (message: LiveMessage) => void): () => void;
  close(): Promise<void>;
}

/** Default bus: synchronous fan-out to local listeners. */
export class InProcessBus implements LiveBus {
  private readonly listeners = new Set<(message: LiveMessage) => void>();

  publish(message: LiveMessage): void {
    for (const listener of this.listeners) listener(message);
  }

  subscribe(listener: (message: LiveMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
