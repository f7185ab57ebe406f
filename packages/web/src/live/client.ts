import type { RealData } from '@headway/server/contract';
import { Client } from '@stomp/stompjs';

// The console's one STOMP connection (docs/live.md): token in the CONNECT headers, company topic
// /topic/notify.{companyId}, /app/heartbeat every 30 s (spec section 9). Screens subscribe to commands
// through subscribeLive; the connection opens with the first listener and closes with the last.

export type LiveStatus = 'connecting' | 'connected' | 'offline';

export interface LiveMessage {
  cmd: string;
  data: unknown;
}

export interface LiveTarget {
  token: string;
  companyId: number;
}

type Listener = (message: LiveMessage) => void;
type StatusListener = (status: LiveStatus) => void;

const HEARTBEAT_MS = 30_000;

let client: Client | null = null;
let target: LiveTarget | null = null;
let status: LiveStatus = 'offline';
let heartbeat: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<Listener>();
const statusListeners = new Set<StatusListener>();

function setStatus(next: LiveStatus): void {
  status = next;
  for (const l of statusListeners) l(next);
}

export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/dispatch/websocket`;
}

function open(to: LiveTarget): void {
  target = to;
  const stomp = new Client({
    brokerURL: liveUrl(),
    connectHeaders: { token: to.token },
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
    // Spec: the live channel reconnects on failure.
    reconnectDelay: 5_000,
    onConnect: () => {
      setStatus('connected');
      stomp.subscribe(`/topic/notify.${to.companyId}`, (frame) => {
        let message: LiveMessage;
        try {
          message = JSON.parse(frame.body) as LiveMessage;
        } catch {
          return;
        }
        for (const l of listeners) l(message);
      });
      clearInterval(heartbeat);
      heartbeat = setInterval(() => {
        if (stomp.connected) stomp.publish({ destination: '/app/heartbeat', body: '{}' });
      }, HEARTBEAT_MS);
    },
    onWebSocketClose: () => setStatus(stomp.active ? 'connecting' : 'offline'),
    onStompError: () => setStatus('connecting'),
  });
  setStatus('connecting');
  stomp.activate();
  client = stomp;
}

/** Closes the connection (logout, last listener gone). */
export function closeLive(): void {
  clearInterval(heartbeat);
  heartbeat = undefined;
  void client?.deactivate();
  client = null;
  target = null;
  setStatus('offline');
}

/** Listens to the company topic; opens (or re-targets) the connection as needed. */
export function subscribeLive(to: LiveTarget, listener: Listener): () => void {
  if (!client || target?.token !== to.token || target.companyId !== to.companyId) {
    closeLive();
    open(to);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) closeLive();
  };
}

export function onLiveStatus(listener: StatusListener): () => void {
  statusListeners.add(listener);
  listener(status);
  return () => statusListeners.delete(listener);
}

/** The gps command's data: real_data items (docs/live.md "Messages"). */
export function gpsOf(message: LiveMessage): RealData[] | null {
  return message.cmd === 'gps' && Array.isArray(message.data) ? (message.data as RealData[]) : null;
}
