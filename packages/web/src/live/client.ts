import type { RealData } from '@headway/server/contract';
import { prepareRequest } from '../api/client';
import { ApiError } from '../api/errors';
import { reactToFailure } from '../api/react-to-failure';
import type {
  FleetChanges,
  FleetRoster,
  FromWorker,
  LiveMessage,
  LiveStatus,
  LiveTarget,
  ToWorker,
} from './worker-protocol';

// The main thread's side of the live channel (docs/live.md "In the browser"). The STOMP connection runs in
// a worker (live.worker.ts) that parses every frame; screens subscribe to commands through subscribeLive
// and the monitoring screen to vehicle changes through onFleet; a dialog follows a few vehicles through
// watchVehicles. The connection opens with the first command listener and closes with the last.

export type { FleetChanges, FleetRoster, LiveMessage, LiveStatus, LiveTarget };

type Listener = (message: LiveMessage) => void;
type StatusListener = (status: LiveStatus) => void;
type FleetListener = (changes: FleetChanges) => void;
/** The newest fixes of the watched vehicles that reported, each under the key it was watched by. */
export type WatchListener = (fixes: readonly RealData[]) => void;

interface Watcher {
  keys: ReadonlySet<string>;
  listener: WatchListener;
}

let worker: Worker | null = null;
let target: LiveTarget | null = null;
let status: LiveStatus = 'offline';
const listeners = new Set<Listener>();
const statusListeners = new Set<StatusListener>();
const fleetListeners = new Set<FleetListener>();
const watchers = new Set<Watcher>();
/** The watched set last sent to the worker (sorted, joined), so an unchanged union is not sent again. */
let watching = '';
/** Roster numbers grow for the page's lifetime, so a late answer never passes for a newer refresh. */
let rosterSeq = 0;
const refreshes = new Map<number, { resolve: (roster: FleetRoster) => void; reject: (error: ApiError) => void }>();

function receive(message: FromWorker): void {
  if (message.type === 'fleet') {
    for (const l of fleetListeners) l(message);
  } else if (message.type === 'watch') {
    for (const w of watchers) {
      const mine = message.fixes.filter((f) => w.keys.has(f.imei));
      if (mine.length > 0) w.listener(mine);
    }
  } else if (message.type === 'fleet-roster' || message.type === 'fleet-failed') {
    const waiting = refreshes.get(message.roster);
    refreshes.delete(message.roster);
    if (message.type === 'fleet-roster') {
      waiting?.resolve(message);
    } else {
      if (!message.superseded) reactToFailure(message.code, message.msg);
      waiting?.reject(new ApiError(message.code, message.msg));
    }
  } else if (message.type === 'message') {
    for (const l of listeners) l(message.message);
  } else {
    status = message.status;
    for (const l of statusListeners) l(status);
  }
}

function port(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./live.worker.ts', import.meta.url), { type: 'module', name: 'headway-live' });
    worker.onmessage = (event: MessageEvent<FromWorker>) => receive(event.data);
  }
  return worker;
}

/** A command for the live worker (fleet load, datum, selection). */
export function sendToLive(command: ToWorker): void {
  port().postMessage(command);
}

/**
 * A full refresh of the fleet (GET /basic/cars/real), fetched and parsed by the worker: resolves with the
 * roster's identities, and the worker then posts every vehicle's columns numbered with that roster.
 */
export async function refreshFleet(signal?: AbortSignal): Promise<FleetRoster> {
  const roster = ++rosterSeq;
  const { url, headers } = await prepareRequest('GET', '/basic/cars/real');
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    refreshes.set(roster, { resolve, reject });
    sendToLive({ type: 'fleet-refresh', roster, url, headers });
  });
}

/** Closes the connection (logout, last listener gone). */
export function closeLive(): void {
  target = null;
  worker?.postMessage({ type: 'close' } satisfies ToWorker);
}

/** Listens to the company topic; opens (or re-targets) the connection as needed. */
export function subscribeLive(to: LiveTarget, listener: Listener): () => void {
  if (target?.token !== to.token || target.companyId !== to.companyId) {
    target = to;
    sendToLive({ type: 'open', target: to });
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) closeLive();
  };
}

/** The connection's status now (a component's first render, before onLiveStatus tells it). */
export function liveStatus(): LiveStatus {
  return status;
}

export function onLiveStatus(listener: StatusListener): () => void {
  statusListeners.add(listener);
  listener(status);
  return () => statusListeners.delete(listener);
}

/** Vehicle changes of the fleet loaded with `fleet-load`, at most twice a second. */
export function onFleet(listener: FleetListener): () => void {
  fleetListeners.add(listener);
  return () => fleetListeners.delete(listener);
}

function sendWatched(): void {
  const union = new Set<string>();
  for (const w of watchers) for (const key of w.keys) union.add(key);
  const imeis = [...union].sort();
  const signature = imeis.join('\n');
  if (signature === watching) return;
  watching = signature;
  sendToLive({ type: 'watch', imeis });
}

/**
 * Follows a few vehicles by real_data's `imei` key (an alarm's `imei`): the worker parses gps frames while any
 * watch is held, even with the map closed, and passes on these vehicles' newest fixes, at most twice a second.
 * Does not open the connection: pair it with subscribeLive (useWatchedVehicles does).
 */
export function watchVehicles(imeis: readonly string[], listener: WatchListener): () => void {
  const watcher: Watcher = { keys: new Set(imeis.filter((k) => k !== '')), listener };
  watchers.add(watcher);
  sendWatched();
  return () => {
    if (watchers.delete(watcher)) sendWatched();
  };
}
