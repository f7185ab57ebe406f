import type { WebSocket } from 'ws';
import type { SessionContext } from '../auth/session-context.ts';
import type { LiveBus } from './bus.ts';
import { type ConnectionHost, LiveFrameError, StompConnection, type Subscription } from './connection.ts';
import { APP_HEARTBEAT, APP_NOTIFY, companyTopic, USER_MSG_DESTINATION } from './destinations.ts';
import type { DispatchCommand, LiveEvent, LiveMessage } from './events.ts';
import type { LiveOptions } from './options.ts';
import type { LiveScopes, VehicleScope } from './scope.ts';
import { escapeHeader } from './stomp/frame.ts';

export interface BrokerDeps {
  options: LiveOptions;
  bus: LiveBus;
  authenticate(token: string): Promise<SessionContext | undefined>;
  /** Which vehicles each session may receive (consoles); answered from memory at delivery. */
  scope: LiveScopes;
  /** The console's /app/heartbeat: the session is in use (feeds the online-users list). */
  onHeartbeat(session: SessionContext): Promise<void>;
  onInternalError(error: unknown): void;
}

export interface LiveConnectionInfo {
  connectionId: number;
  sessionId: number;
  userId: number;
  companyId: number;
  account: string;
  connectedAt: number;
  lastHeartbeatAt: number | undefined;
}

const NOTIFY_COMMANDS = new Set<string>([
  'plan',
  'resource',
  'attendance',
  'on-time',
  'on-time-check',
  'request',
  'suggestion',
  'notify',
]);

/**
 * The STOMP side of the live channel: who is connected, who subscribed to what, and delivery of bus
 * messages to them. Each message's body is serialised once per distinct scope (the whole company for users in no
 * console; one filtered batch per distinct set of console lines); the MESSAGE frame around it once per scope and
 * subscription id (clients usually share ids such as `sub-0`), so a company batch costs one JSON.stringify per
 * scope whatever the number of consoles watching it.
 */
export class Broker implements ConnectionHost {
  readonly options: LiveOptions;
  private readonly connections = new Set<StompConnection>();
  private readonly companySubscriptions = new Map<number, Set<Subscription>>();
  private readonly userSubscriptions = new Map<number, Set<Subscription>>();
  private readonly unsubscribeBus: () => void;
  private readonly sweepTimer: NodeJS.Timeout;
  private messageSeq = 0;

  constructor(private readonly deps: BrokerDeps) {
    this.options = deps.options;
    this.unsubscribeBus = deps.bus.subscribe((message) => this.deliver(message));
    // One timer for all sockets rather than two per socket: heart-beat periods are seconds, so a sweep at a
    // quarter of the period keeps sends and timeouts within 25% of the negotiated values.
    const beat = deps.options.heartbeatMs;
    const sweepMs = beat > 0 ? Math.min(1000, Math.max(20, Math.floor(beat / 4))) : 1000;
    this.sweepTimer = setInterval(() => {
      const now = Date.now();
      for (const connection of this.connections) connection.tickHeartbeat(now);
    }, sweepMs);
    this.sweepTimer.unref();
  }

  onInternalError(error: unknown): void {
    this.deps.onInternalError(error);
  }

  accept(socket: WebSocket): StompConnection {
    return new StompConnection(socket, this);
  }

  async authenticate(token: string): Promise<SessionContext | undefined> {
    const session = await this.deps.authenticate(token);
    // The scope must be known before the first frame: until then the session would see the whole company.
    if (session) await this.deps.scope.prepare(session);
    return session;
  }

  attach(connection: StompConnection): void {
    this.connections.add(connection);
  }

  detach(connection: StompConnection): void {
    this.connections.delete(connection);
  }

  addSubscription(subscription: Subscription, target: { companyId: number } | { userId: number }): void {
    const [index, key] =
      'companyId' in target ? [this.companySubscriptions, target.companyId] : [this.userSubscriptions, target.userId];
    let set = index.get(key);
    if (!set) {
      set = new Set();
      index.set(key, set);
    }
    set.add(subscription);
  }

  removeSubscription(subscription: Subscription): void {
    const session = subscription.connection.session;
    if (!session) return;
    for (const [index, key] of [
      [this.companySubscriptions, session.companyId],
      [this.userSubscriptions, session.userId],
    ] as const) {
      const set = index.get(key);
      if (set?.delete(subscription) && set.size === 0) index.delete(key);
    }
  }

  async onSend(connection: StompConnection, destination: string, body: string): Promise<void> {
    const session = connection.session;
    if (!session) throw new LiveFrameError('not connected');
    if (destination === APP_HEARTBEAT) {
      connection.lastHeartbeatAt = Date.now();
      await this.deps.onHeartbeat(session);
      return;
    }
    if (destination === APP_NOTIFY) {
      // A console tells the other consoles of its company that dispatch data changed ({cmd, data}).
      this.deps.bus.publish({ companyId: session.companyId, event: parseNotify(body) });
      return;
    }
    throw new LiveFrameError('unknown destination', destination);
  }

  /** Delivers one bus message to the matching subscriptions of this node. */
  deliver(message: LiveMessage): void {
    const subscriptions =
      message.userId === undefined
        ? this.companySubscriptions.get(message.companyId)
        : this.userSubscriptions.get(message.userId);
    if (!subscriptions || subscriptions.size === 0) return;
    const destination = message.userId === undefined ? companyTopic(message.companyId) : USER_MSG_DESTINATION;
    const event = message.event;
    // Positions and alarms are filtered per scope (by the vehicle's imei); dispatch events and private messages go
    // to every subscriber as they are.
    const positions =
      message.userId === undefined && (event.cmd === 'gps' || event.cmd === 'alarm')
        ? (event.data as readonly { imei: string }[])
        : undefined;
    const messageId = `m-${++this.messageSeq}`;
    // Frames by scope key (undefined = whole company), then by subscription id; null = nothing of this scope.
    const frames = new Map<string | undefined, Map<string, Buffer | null>>();
    const bodies = new Map<string | undefined, string | null>();
    const bodyFor = (scope: VehicleScope | undefined): string | null => {
      const key = scope?.key;
      let body = bodies.get(key);
      if (body === undefined) {
        const data = scope && positions ? positions.filter((p) => scope.allows(p.imei)) : undefined;
        body =
          data === undefined
            ? JSON.stringify(event)
            : data.length === 0
              ? null
              : JSON.stringify({ cmd: event.cmd, data });
        bodies.set(key, body);
      }
      return body;
    };
    for (const subscription of subscriptions) {
      const connection = subscription.connection;
      const session = connection.session;
      // User ids are per deployment, but a message addressed to a user of another company is still not theirs.
      if (!session || session.companyId !== message.companyId || !connection.isOpen) continue;
      if (connection.socket.bufferedAmount > this.options.maxBufferedBytes) {
        connection.fail(new LiveFrameError('slow consumer', 'too far behind the live stream', 1013));
        continue;
      }
      const scope = positions ? this.deps.scope.scopeOf(session) : undefined;
      let byId = frames.get(scope?.key);
      if (!byId) {
        byId = new Map();
        frames.set(scope?.key, byId);
      }
      let frame = byId.get(subscription.id);
      if (frame === undefined) {
        const body = bodyFor(scope);
        frame = body === null ? null : messageFrame(destination, subscription.id, messageId, body);
        byId.set(subscription.id, frame);
      }
      if (frame) connection.send(frame);
    }
  }

  list(companyId?: number): LiveConnectionInfo[] {
    const rows: LiveConnectionInfo[] = [];
    for (const connection of this.connections) {
      const session = connection.session;
      if (!session || (companyId !== undefined && session.companyId !== companyId)) continue;
      rows.push({
        connectionId: connection.id,
        sessionId: session.sessionId,
        userId: session.userId,
        companyId: session.companyId,
        account: session.account,
        connectedAt: Math.floor(connection.connectedAt / 1000),
        lastHeartbeatAt:
          connection.lastHeartbeatAt === undefined ? undefined : Math.floor(connection.lastHeartbeatAt / 1000),
      });
    }
    return rows;
  }

  /** Users with a connection, for re-reading their scopes. */
  connectedUsers(): { companyId: number; userId: number }[] {
    const users = new Map<number, number>();
    for (const connection of this.connections) {
      if (connection.session) users.set(connection.session.userId, connection.session.companyId);
    }
    return [...users].map(([userId, companyId]) => ({ companyId, userId }));
  }

  /** Connected sessions, for revalidation. */
  sessionIds(): Set<number> {
    const ids = new Set<number>();
    for (const connection of this.connections) if (connection.session) ids.add(connection.session.sessionId);
    return ids;
  }

  /** Ends the STOMP sessions of these session ids with an ERROR frame (forced offline, logout, …). */
  closeSessions(sessionIds: ReadonlySet<number>, reason = 'session ended'): number {
    let closed = 0;
    for (const connection of [...this.connections]) {
      if (connection.session && sessionIds.has(connection.session.sessionId)) {
        connection.fail(new LiveFrameError('login expired', reason, 1008));
        closed++;
      }
    }
    return closed;
  }

  close(): void {
    clearInterval(this.sweepTimer);
    this.unsubscribeBus();
    for (const connection of [...this.connections]) connection.close(1001, 'server shutting down');
  }
}

function messageFrame(destination: string, subscriptionId: string, messageId: string, body: string): Buffer {
  const head =
    `MESSAGE\ndestination:${destination}\nsubscription:${escapeHeader(subscriptionId)}\nmessage-id:${messageId}\n` +
    `content-type:application/json;charset=utf-8\ncontent-length:${Buffer.byteLength(body)}\n\n`;
  return Buffer.from(`${head}${body}\0`, 'utf8');
}

function parseNotify(body: string): LiveEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new LiveFrameError('malformed body', '/app/notify expects JSON {cmd, data}');
  }
  const cmd = (parsed as { cmd?: unknown } | null)?.cmd;
  if (typeof cmd !== 'string' || !NOTIFY_COMMANDS.has(cmd)) {
    throw new LiveFrameError('malformed body', `/app/notify cmd must be one of ${[...NOTIFY_COMMANDS].join(', ')}`);
  }
  return { cmd: cmd as DispatchCommand, data: (parsed as { data?: unknown }).data ?? null };
}
