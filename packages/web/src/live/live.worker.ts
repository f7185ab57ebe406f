import { Client } from '@stomp/stompjs';
import { createLiveWorkerCore } from './live-worker-core';
import type { FromWorker, LiveStatus, LiveTarget, ToWorker } from './worker-protocol';

// The console's one STOMP connection, in a worker (docs/live.md "In the browser"): token in the CONNECT
// headers, company topic /topic/notify.{companyId}, /app/heartbeat every 30 s (spec section 9). Frames are
// parsed here, so a 20,000-vehicle gps batch never costs the page's main thread a JSON.parse.

interface WorkerScope {
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
}
const scope = self as unknown as WorkerScope;

const HEARTBEAT_MS = 30_000;

const post = (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer);
const core = createLiveWorkerCore(post);

let client: Client | null = null;
let heartbeat: ReturnType<typeof setInterval> | undefined;

function setStatus(status: LiveStatus): void {
  post({ type: 'status', status });
}

function liveUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/dispatch/websocket`;
}

function open(target: LiveTarget): void {
  const stomp = new Client({
    brokerURL: liveUrl(),
    connectHeaders: { token: target.token },
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
    // Spec: the live channel reconnects on failure.
    reconnectDelay: 5_000,
    onConnect: () => {
      setStatus('connected');
      stomp.subscribe(`/topic/notify.${target.companyId}`, (frame) => core.onBody(frame.body));
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

function close(): void {
  clearInterval(heartbeat);
  heartbeat = undefined;
  void client?.deactivate();
  client = null;
  setStatus('offline');
}

scope.onmessage = (event) => {
  const command = event.data;
  if (command.type === 'open') {
    close();
    open(command.target);
  } else if (command.type === 'close') {
    close();
  } else {
    core.onCommand(command);
  }
};
