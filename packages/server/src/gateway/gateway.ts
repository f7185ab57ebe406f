import type { Server, Socket } from 'node:net';
import type { Jt808Message } from '@headway/protocol';
import type { Logger } from 'pino';
import type { EvidenceIntake } from '../alarms/evidence/intake.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { Store } from '../store/db.ts';
import type { StoredPosition } from '../tracks/position-row.ts';
import { openPositionSink } from '../tracks/position-sink.ts';
import { MediaService } from '../video/media-service.ts';
import { videoOptionsFromEnv } from '../video/options.ts';
import { serveAttachments } from './attachments.ts';
import type { CommandReply } from './commands.ts';
import { type KnownDevice, markNodeOffline, setPresence } from './devices.ts';
import { IngestWriter } from './ingest-writer.ts';
import { closeServer, listenTcp, portOf } from './listen.ts';
import { RateLimitedLog } from './log-limit.ts';
import { GatewayMetrics } from './metrics.ts';
import { DEFAULT_GATEWAY_OPTIONS, type GatewayOptions } from './options.ts';
import { InProcessPositionBus, type PositionBus, type PositionsListener } from './position-bus.ts';
import { TerminalSession } from './session.ts';
import type { SessionHost } from './session-host.ts';

/** A terminal that has just authenticated on this node. */
export interface AttachedTerminal {
  phone: string;
  device: KnownDevice;
}

export interface GatewayPorts {
  jt808: number;
  media: number;
  attachments: number;
}

/** The registry's key: terminals send 12 or 20 BCD digits with leading zeros; callers may omit them. */
function phoneKey(phone: string): string {
  return phone.replace(/^0+/, '');
}

/**
 * The device gateway: three TCP ports, the sessions on them (one per terminal phone), the shared group-commit
 * writer, and the command path back to terminals. docs/gateway.md describes the behaviour.
 */
export class Gateway implements SessionHost {
  readonly options: GatewayOptions;
  readonly metrics = new GatewayMetrics();
  /** Created by start(): the SQLite sink needs an async look at the database file. */
  writer!: IngestWriter;
  readonly log: RateLimitedLog;
  readonly bus: PositionBus;
  readonly db: Store['db'];
  private readonly sessions = new Map<string, TerminalSession>();
  private readonly connections = new Set<TerminalSession>();
  private readonly mediaSockets = new Set<Socket>();
  private readonly attachmentSockets = new Set<Socket>();
  private readonly attachListeners = new Set<(terminal: AttachedTerminal) => void>();
  private servers: Server[] = [];
  private sweepTimer: NodeJS.Timeout | undefined;
  ports: GatewayPorts = { jt808: 0, media: 0, attachments: 0 };
  /** Stores what terminals upload on the attachment port (alarms/evidence); read per connection. */
  evidence: EvidenceIntake | undefined;
  /** The media port's streams, viewers and talks (video/, docs/media.md). */
  readonly media: MediaService;

  constructor(
    readonly store: Store,
    readonly logger: Logger,
    options: Partial<GatewayOptions> = {},
    bus?: PositionBus,
  ) {
    this.options = { ...DEFAULT_GATEWAY_OPTIONS, ...options };
    this.db = store.db;
    this.log = new RateLimitedLog(logger);
    this.bus = bus ?? new InProcessPositionBus((err) => logger.error({ err }, 'position listener failed'));
    this.media = new MediaService(
      this,
      { ...videoOptionsFromEnv(), ...this.options.video },
      logger.child({ module: 'media' }),
    );
  }

  async start(): Promise<GatewayPorts> {
    const o = this.options;
    // A previous run may have died with terminals marked online; none are connected yet. With several gateway
    // nodes, only this node's: the others keep theirs (options.nodeId).
    const cleared = await markNodeOffline(this.db, o.multiNode ? o.nodeId : undefined);
    if (cleared > 0) this.logger.info({ nodeId: o.nodeId, devices: cleared }, 'devices left online marked offline');
    this.writer = new IngestWriter(
      await openPositionSink(this.store, o.sqliteWriterThread),
      {
        batchSize: o.batchSize,
        flushIntervalMs: o.flushIntervalMs,
        maxQueuedPositions: o.maxQueuedPositions,
      },
      this.metrics,
      this.bus,
      (err, positions) =>
        this.log.warn('commit', { err, positions }, 'position batch failed; not acked, terminals resend'),
    );
    const refused = () => this.metrics.connectionsRejected++;
    const jt808 = await listenTcp(o.host, o.port, o.backlog, o.maxConnections, (s) => this.accept(s), refused);
    const media = await listenTcp(
      o.host,
      o.mediaPort,
      o.backlog,
      o.maxConnections,
      (s) => {
        this.mediaSockets.add(s);
        s.once('close', () => this.mediaSockets.delete(s));
        this.media.accept(s);
      },
      refused,
    );
    const attachments = await listenTcp(
      o.host,
      o.attachmentPort,
      o.backlog,
      o.maxConnections,
      (s) => serveAttachments(s, this.metrics, this.attachmentSockets, this.evidence),
      refused,
    );
    this.servers = [jt808, media, attachments];
    this.ports = { jt808: portOf(jt808), media: portOf(media), attachments: portOf(attachments) };
    this.sweepTimer = setInterval(() => this.sweep(), o.sweepIntervalMs);
    this.sweepTimer.unref();
    return this.ports;
  }

  async stop(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    // Only this node's terminals go offline (on several nodes the others keep theirs).
    const held = [...this.sessions.values()].flatMap((s) => (s.device ? [s.device.id] : []));
    const [jt808, media, attachments] = this.servers;
    this.media.close();
    const sockets = [...this.connections].map((s) => s.socket);
    await Promise.all([
      jt808 ? closeServer(jt808, sockets) : undefined,
      media ? closeServer(media, this.mediaSockets) : undefined,
      attachments ? closeServer(attachments, this.attachmentSockets) : undefined,
    ]);
    // Commit what was read; those terminals are gone, so their acks go nowhere and they will resend.
    await this.writer?.close();
    await setPresence(this.db, held, false, Math.floor(Date.now() / 1000), this.options.nodeId).catch(() => {});
  }

  /** Subscribe to committed positions (ingest, live). */
  onPositions(listener: PositionsListener): () => void {
    return this.bus.onPositions(listener);
  }

  latestPosition(phone: string): StoredPosition | undefined {
    return this.writer.latest.get(this.sessionOf(phone)?.device?.terminalPhone ?? phone);
  }

  isOnline(phone: string): boolean {
    return this.sessionOf(phone) !== undefined;
  }

  /** The address of ours the terminal's connection reached (0x9208 names it as the attachment server). */
  localAddressOf(phone: string): string | undefined {
    return this.sessionOf(phone)?.socket.localAddress?.replace(/^::ffff:/, '');
  }

  /**
   * Sends a platform message to a terminal and resolves with its reply, matched by reply message id and flow id.
   * Offline terminal, or no answer within the timeout: ApiError 1101 (the spec's "processing").
   */
  sendCommand(phone: string, message: Jt808Message, opts: { timeoutMs?: number } = {}): Promise<CommandReply> {
    const session = this.sessionOf(phone);
    if (!session) return Promise.reject(new ApiError(ErrorCode.processing, null, `terminal ${phone} is offline`));
    // Video requests get this node's media address and are expected on its media port (video/media-service.ts).
    const flowId = session.send(this.media.prepare(phone, message));
    this.metrics.commandsSent++;
    return session.commands
      .wait(
        message.msgId,
        flowId,
        opts.timeoutMs ?? this.options.commandTimeoutMs,
        () => this.metrics.commandsTimedOut++,
      )
      .then((reply) => {
        this.metrics.commandsAnswered++;
        return reply;
      });
  }

  attach(session: TerminalSession): void {
    const key = phoneKey(session.phone ?? '');
    const previous = this.sessions.get(key);
    if (previous && previous !== session) {
      // One session per terminal: the newer connection wins (the old one is usually a dead NAT mapping).
      this.metrics.replacedSessions++;
      this.sessions.delete(key);
      previous.close('replaced by a new connection');
    }
    this.sessions.set(key, session);
    this.metrics.terminals = this.sessions.size;
    const device = session.device;
    if (!device) return;
    this.presence(device.id, true);
    for (const listener of this.attachListeners) {
      try {
        listener({ phone: session.phone ?? key, device });
      } catch (err) {
        this.logger.error({ err, phone: key }, 'attach listener failed');
      }
    }
  }

  /**
   * Called when a terminal authenticates on this node (commands/queue delivers what waited for it). Runs before
   * the authentication is acknowledged: a listener must not send to the terminal synchronously.
   */
  onAttach(listener: (terminal: AttachedTerminal) => void): () => void {
    this.attachListeners.add(listener);
    return () => this.attachListeners.delete(listener);
  }

  detach(session: TerminalSession): void {
    if (this.connections.delete(session)) this.metrics.connections = this.connections.size;
    if (!session.phone) return;
    const key = phoneKey(session.phone);
    if (this.sessions.get(key) !== session) return;
    this.sessions.delete(key);
    this.metrics.terminals = this.sessions.size;
    if (session.device) this.presence(session.device.id, false);
  }

  private sessionOf(phone: string): TerminalSession | undefined {
    return this.sessions.get(phoneKey(phone));
  }

  private accept(socket: Socket): void {
    const session = new TerminalSession(socket, this);
    this.connections.add(session);
    this.metrics.connections = this.connections.size;
    this.metrics.connectionsTotal++;
  }

  private presence(deviceId: number, online: boolean): void {
    setPresence(this.db, [deviceId], online, Math.floor(Date.now() / 1000), this.options.nodeId).catch((err: unknown) =>
      this.log.warn('presence', { err }, 'device presence update failed'),
    );
  }

  /** Idle and unauthenticated connections, and fragments that never completed. */
  private sweep(): void {
    const now = Date.now();
    for (const session of this.connections) {
      if (session.authOverdue(now, this.options.authTimeoutMs)) {
        this.metrics.closedUnauthenticated++;
        session.close('not authenticated in time');
      } else if (now - session.lastFrameAt > session.idleMs) {
        this.metrics.closedIdle++;
        session.close('idle');
      } else {
        session.sweepFragments();
      }
    }
  }
}
