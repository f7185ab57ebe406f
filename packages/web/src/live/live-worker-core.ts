import type { Envelope, VehicleLive, VehicleLiveResult } from '@headway/server/contract';
import { NETWORK_ERROR } from '../api/errors';
import { FleetState, transferables } from './fleet-state';
import { WatchedVehicles } from './watched-vehicles';
import type { FleetRoster, FleetRow, FromWorker, LiveMessage, ToWorker } from './worker-protocol';

// The live worker's logic without its transport: frame bodies in, posts out. live.worker.ts wires it to a
// STOMP connection; the browser benchmark wires it to frames of its own, so both run this code.

/** The general API's timeout (api/client.ts). */
const REFRESH_TIMEOUT_MS = 30_000;

/** The identities of a refresh's rows, as the main thread's FleetView takes them. */
export function rosterOf(roster: number, rows: readonly VehicleLive[]): FleetRoster {
  return {
    type: 'fleet-roster',
    roster,
    imei: rows.map((r) => r.imei),
    car_id: rows.map((r) => r.car_id),
    car_name: rows.map((r) => r.car_name),
    lpn: rows.map((r) => r.lpn),
    route_code: rows.map((r) => r.route_code),
    route_name: rows.map((r) => r.route_name),
    capabilities: rows.map((r) => r.capabilities),
  };
}

/** GET /basic/cars/real with the main thread's headers: the rows, or the failure's code and message. */
async function fetchRows(
  url: string,
  headers: Record<string, string>,
): Promise<{ rows: VehicleLive[] } | { code: number; msg: string }> {
  let envelope: Envelope<VehicleLiveResult>;
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS) });
    envelope = (await response.json()) as Envelope<VehicleLiveResult>;
    if (typeof envelope?.code !== 'number') throw new Error(`HTTP ${response.status}`);
  } catch (cause) {
    return { code: NETWORK_ERROR, msg: cause instanceof Error ? cause.message : String(cause) };
  }
  if (envelope.code !== 0) return { code: envelope.code, msg: envelope.msg };
  return { rows: envelope.result.rows };
}

const GPS_PREFIX = '{"cmd":"gps"';

/** gps changes reach the main thread at most twice a second (the map and the tree apply them as they come). */
export const POST_INTERVAL_MS = 500;
/** Watched vehicles' fixes likewise: the server batches a company once a second per node, so this only coalesces. */
export const WATCH_INTERVAL_MS = 500;

export type Post = (message: FromWorker, transfer?: Transferable[]) => void;

export interface LiveWorkerCore {
  /** A company-topic frame's body, as it came off the socket. */
  onBody(body: string): void;
  /** A command from the main thread (the connection's own commands are the transport's). */
  onCommand(command: ToWorker): void;
  /** Posts pending fleet changes and watched fixes now (timer, tests). */
  flush(): void;
}

/**
 * `now` is wall time (the post interval), `clock` the monotonic time the worker's own work is measured with
 * (`workMs`); tests pass their own.
 */
export function createLiveWorkerCore(
  post: Post,
  now: () => number = () => Date.now(),
  clock: () => number = () => performance.now(),
): LiveWorkerCore {
  let fleet: FleetState | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = Number.NEGATIVE_INFINITY;
  /** Worker time on frames since the last post (the benchmark reports it beside the main thread's). */
  let workMs = 0;
  /** The newest refresh asked for: an older one answering late is dropped, as is any asked before a drop. */
  let newest = 0;
  let dropped = 0;
  const watched = new WatchedVehicles();
  let watchTimer: ReturnType<typeof setTimeout> | undefined;
  let watchLast = Number.NEGATIVE_INFINITY;

  const load = (roster: number, rows: readonly FleetRow[]) => {
    fleet ??= new FleetState();
    fleet.load(roster, rows);
    // A full refresh is applied at once: the screen is waiting for it.
    flush();
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const t = clock();
    const changes = fleet?.take(now() / 1000);
    if (!changes) return;
    last = now();
    changes.workMs = workMs + clock() - t;
    workMs = 0;
    post(changes, transferables(changes));
  };

  const schedule = () => {
    if (timer !== undefined || !fleet?.pending) return;
    timer = setTimeout(flush, Math.max(0, last + POST_INTERVAL_MS - now()));
  };

  const flushWatch = () => {
    clearTimeout(watchTimer);
    watchTimer = undefined;
    const fixes = watched.take();
    if (!fixes) return;
    watchLast = now();
    post({ type: 'watch', fixes });
  };

  const scheduleWatch = () => {
    if (watchTimer !== undefined || !watched.pending) return;
    watchTimer = setTimeout(flushWatch, Math.max(0, watchLast + WATCH_INTERVAL_MS - now()));
  };

  const watch = (keys: readonly string[]) => {
    // A vehicle the map's fleet already holds has a fix to start from, without waiting for its next report.
    for (const key of watched.set(keys)) {
      const held = fleet?.get(key);
      if (held) watched.offerOne(key, held);
    }
    if (!watched.active) {
      clearTimeout(watchTimer);
      watchTimer = undefined;
    }
    scheduleWatch();
  };

  return {
    onBody(body) {
      // No screen holds the fleet (the map is closed) and no dialog watches a vehicle, but the channel stays open
      // for the alarm centre: a gps frame, megabytes at 20,000 vehicles, is dropped without parsing. The server
      // writes `cmd` first (live/broker.ts); a frame written otherwise is parsed and dropped below.
      if (!fleet && !watched.active && body.startsWith(GPS_PREFIX)) return;
      const t = clock();
      let message: LiveMessage;
      try {
        message = JSON.parse(body) as LiveMessage;
      } catch {
        return;
      }
      if (message.cmd === 'gps' && Array.isArray(message.data)) {
        // Before the merge: it rewrites a terminal phone key to the roster's IMEI.
        if (watched.active) {
          watched.offer(message.data);
          scheduleWatch();
        }
        if (!fleet) return;
        fleet.merge(message.data);
        workMs += clock() - t;
        schedule();
        return;
      }
      post({ type: 'message', message });
    },
    onCommand(command) {
      switch (command.type) {
        case 'fleet-load':
          load(command.roster, command.rows);
          return;
        case 'fleet-refresh': {
          const { roster } = command;
          newest = roster;
          void fetchRows(command.url, command.headers).then((answer) => {
            if (roster !== newest || roster <= dropped) {
              post({ type: 'fleet-failed', roster, code: NETWORK_ERROR, msg: 'superseded', superseded: true });
              return;
            }
            if ('code' in answer) {
              post({ type: 'fleet-failed', roster, code: answer.code, msg: answer.msg });
              return;
            }
            // Identities first: the main thread takes the roster before its changes arrive.
            post(rosterOf(roster, answer.rows));
            load(roster, answer.rows);
          });
          return;
        }
        case 'fleet-drop':
          dropped = newest;
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
        case 'watch':
          watch(command.imeis);
          return;
        default:
          return;
      }
    },
    flush() {
      flush();
      flushWatch();
    },
  };
}
