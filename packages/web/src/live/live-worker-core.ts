import { FleetState, transferables } from './fleet-state';
import type { FromWorker, LiveMessage, ToWorker } from './worker-protocol';

// The live worker's logic without its transport: frame bodies in, posts out. live.worker.ts wires it to a
// STOMP connection; the browser benchmark wires it to frames of its own, so both run this code.

/** gps changes reach the main thread at most twice a second (the map and the tree apply them as they come). */
export const POST_INTERVAL_MS = 500;

export type Post = (message: FromWorker, transfer?: Transferable[]) => void;

export interface LiveWorkerCore {
  /** A company-topic frame's body, as it came off the socket. */
  onBody(body: string): void;
  /** A command from the main thread (the connection's own commands are the transport's). */
  onCommand(command: ToWorker): void;
  /** Posts pending fleet changes now (timer, tests). */
  flush(): void;
}

export function createLiveWorkerCore(post: Post, now: () => number = () => Date.now()): LiveWorkerCore {
  let fleet: FleetState | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = Number.NEGATIVE_INFINITY;
  /** Worker time on frames since the last post (the benchmark reports it beside the main thread's). */
  let workMs = 0;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const t = performance.now();
    const changes = fleet?.take(now() / 1000);
    if (!changes) return;
    last = now();
    changes.workMs = workMs + performance.now() - t;
    workMs = 0;
    post(changes, transferables(changes));
  };

  const schedule = () => {
    if (timer !== undefined || !fleet?.pending) return;
    timer = setTimeout(flush, Math.max(0, last + POST_INTERVAL_MS - now()));
  };

  return {
    onBody(body) {
      const t = performance.now();
      let message: LiveMessage;
      try {
        message = JSON.parse(body) as LiveMessage;
      } catch {
        return;
      }
      if (message.cmd === 'gps' && Array.isArray(message.data)) {
        if (!fleet) return;
        fleet.merge(message.data);
        workMs += performance.now() - t;
        schedule();
        return;
      }
      post({ type: 'message', message });
    },
    onCommand(command) {
      switch (command.type) {
        case 'fleet-load':
          fleet ??= new FleetState();
          fleet.load(command.roster, command.rows);
          // A full refresh is applied at once: the screen is waiting for it.
          flush();
          return;
        case 'fleet-drop':
          clearTimeout(timer);
          timer = undefined;
          fleet = null;
          return;
        case 'fleet-datum':
          fleet ??= new FleetState();
          fleet.setDatum(command.datum);
          flush();
          return;
        case 'fleet-select':
          fleet ??= new FleetState();
          fleet.select(command.imei);
          flush();
          return;
        default:
          return;
      }
    },
    flush,
  };
}
