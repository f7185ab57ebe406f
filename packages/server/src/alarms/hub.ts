import type { AlarmListener, RaisedAlarm } from './body.ts';

// Who hears of new alarms besides the live channel: the evidence fetcher (0x9208), the mail notices, anything
// later. One hub per app (`app.alarms`, made by buildApp), so a module can subscribe whatever order the modules
// start in; the ingest's alarm writer emits to it after each commit (docs/alarms.md "Detection").

declare module 'fastify' {
  interface FastifyInstance {
    /** New alarms, after they are stored: `app.alarms.onRaised((alarms) => …)` returns how to unsubscribe. */
    alarms: AlarmHub;
  }
}

export class AlarmHub {
  private readonly listeners = new Set<AlarmListener>();

  /** @param onError a listener threw: logged by the owner; the other listeners still run. */
  constructor(private readonly onError: (error: unknown) => void = () => {}) {}

  /**
   * Called once per stored batch (after the commit, ids set), in the order alarms were stored, on the ingest's
   * event loop: a listener that has slow work to do queues it rather than doing it here.
   */
  onRaised(listener: AlarmListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(alarms: readonly RaisedAlarm[]): void {
    if (alarms.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(alarms);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }
}
