import type { WebSocket } from 'ws';
import type { SessionContext } from '../auth/session-context.ts';
import { companyTopic, parseSubscription } from './destinations.ts';
import type { LiveOptions } from './options.ts';
import { HEARTBEAT, header, type StompFrame, serializeFrame } from './stomp/frame.ts';
import { StompParser, StompProtocolError } from './stomp/parser.ts';

/** A refusal that ends the STOMP session: ERROR frame, then the socket closes (1.2 "ERROR"). */
export class LiveFrameError extends Error {
  constructor(
    message: string,
    readonly detail = '',
    readonly closeCode = 1002,
  ) {
    super(message);
  }
}

export interface Subscription {
  id: string;
  destination: string;
  connection: StompConnection;
}

/** What a connection needs from the broker around it. */
export interface ConnectionHost {
  options: LiveOptions;
  authenticate(token: string): Promise<SessionContext | undefined>;
  attach(connection: StompConnection): void;
  detach(connection: StompConnection): void;
  addSubscription(subscription: Subscription, target: { companyId: number } | { userId: number }): void;
  removeSubscription(subscription: Subscription): void;
  /** A failure that is not the client's fault (store down): logged, and the client gets 'internal error'. */
  onInternalError(error: unknown): void;
  /** /app/heartbeat and /app/notify; throws LiveFrameError to refuse. */
  onSend(connection: StompConnection, destination: string, body: string): Promise<void>;
}

let nextConnectionId = 1;

/** One WebSocket speaking STOMP 1.2: handshake, subscriptions, sends, heart-beats, shutdown. */
export class StompConnection {
  readonly id = nextConnectionId++;
  session: SessionContext | undefined;
  readonly subscriptions = new Map<string, Subscription>();
  /** Negotiated heart-beat periods in ms (0 = none). */
  sendEveryMs = 0;
  expectEveryMs = 0;
  lastReceivedAt = Date.now();
  lastSentAt = Date.now();
  readonly connectedAt = Date.now();
  /** Last /app/heartbeat: the console's "I am here" every 30 s (spec section 9). */
  lastHeartbeatAt: number | undefined;
  private closed = false;
  private sendWindowStart = 0;
  private sendsInWindow = 0;
  private readonly parser: StompParser;
  // Frames are handled one after another: CONNECT resolves the token asynchronously, and a SUBSCRIBE
  // pipelined behind it must not run before the session is known.
  private queue: Promise<void> = Promise.resolve();
  private readonly connectTimer: NodeJS.Timeout;

  constructor(
    readonly socket: WebSocket,
    private readonly host: ConnectionHost,
  ) {
    this.parser = new StompParser({ maxFrameBytes: host.options.maxFrameBytes, maxHeaders: 32 });
    this.connectTimer = setTimeout(() => {
      this.fail(new LiveFrameError('connect timeout', 'no CONNECT frame received', 1008));
    }, host.options.connectTimeoutMs);
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => this.onData(data));
    socket.on('close', () => this.onClosed());
    socket.on('error', () => this.onClosed());
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  private onData(data: Buffer | ArrayBuffer | Buffer[]): void {
    if (this.closed) return;
    this.lastReceivedAt = Date.now();
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    let items: ReturnType<StompParser['push']>;
    try {
      items = this.parser.push(bytes);
    } catch (error) {
      const reason = error instanceof StompProtocolError ? error.message : 'malformed frame';
      this.fail(new LiveFrameError(reason));
      return;
    }
    for (const item of items) {
      if (item.kind === 'frame') this.queue = this.queue.then(() => this.handle(item.frame));
    }
  }

  private async handle(frame: StompFrame): Promise<void> {
    if (this.closed) return;
    try {
      await this.dispatch(frame);
    } catch (error) {
      if (!(error instanceof LiveFrameError)) this.host.onInternalError(error);
      const refusal = error instanceof LiveFrameError ? error : new LiveFrameError('internal error', '', 1011);
      this.fail(refusal, header(frame, 'receipt'));
    }
  }

  private async dispatch(frame: StompFrame): Promise<void> {
    if (frame.command === 'CONNECT' || frame.command === 'STOMP') return this.onConnect(frame);
    if (!this.session) throw new LiveFrameError('not connected', `${frame.command} before CONNECT`);
    switch (frame.command) {
      case 'SUBSCRIBE':
        this.onSubscribe(frame, this.session);
        break;
      case 'UNSUBSCRIBE': {
        const subscription = this.subscriptions.get(required(frame, 'id'));
        if (subscription) {
          this.subscriptions.delete(subscription.id);
          this.host.removeSubscription(subscription);
        }
        break;
      }
      case 'SEND':
        this.countSend();
        await this.host.onSend(this, required(frame, 'destination'), frame.body);
        break;
      case 'ACK':
      case 'NACK':
        // Subscriptions are auto-ack: nothing is redelivered, so acknowledgements change nothing.
        break;
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        throw new LiveFrameError('transactions not supported');
      case 'DISCONNECT':
        this.sendReceipt(frame);
        this.close(1000, 'disconnect');
        return;
      default:
        throw new LiveFrameError('unknown command', frame.command);
    }
    this.sendReceipt(frame);
  }

  private async onConnect(frame: StompFrame): Promise<void> {
    if (this.session) throw new LiveFrameError('already connected');
    // The timeout is for sockets that never say CONNECT; a slow token lookup must not trip it.
    clearTimeout(this.connectTimer);
    const versions = (header(frame, 'accept-version') ?? '1.0').split(',');
    if (!versions.includes('1.2')) throw new LiveFrameError('unsupported version', 'this server speaks STOMP 1.2');
    const token = header(frame, 'token') || header(frame, 'passcode');
    const session = token ? await this.host.authenticate(token) : undefined;
    if (this.closed) return;
    if (!session) throw new LiveFrameError('login expired', 'token unknown, expired or ended', 1008);
    this.session = session;

    const [clientSends, clientWants] = parseHeartbeat(header(frame, 'heart-beat'));
    const ours = this.host.options.heartbeatMs;
    this.sendEveryMs = clientWants === 0 || ours === 0 ? 0 : Math.max(ours, clientWants);
    this.expectEveryMs = clientSends === 0 || ours === 0 ? 0 : Math.max(ours, clientSends);
    this.host.attach(this);
    this.send(
      serializeFrame({
        command: 'CONNECTED',
        headers: [
          ['version', '1.2'],
          ['heart-beat', `${ours},${ours}`],
          ['server', 'Headway/0.1'],
          ['session', String(this.id)],
          ['user-name', session.account],
        ],
        body: '',
      }),
    );
  }

  private onSubscribe(frame: StompFrame, session: SessionContext): void {
    const id = required(frame, 'id');
    const destination = required(frame, 'destination');
    if (this.subscriptions.has(id)) throw new LiveFrameError('duplicate subscription id', id);
    if (this.subscriptions.size >= this.host.options.maxSubscriptions)
      throw new LiveFrameError('too many subscriptions');
    const target = parseSubscription(destination);
    if (!target) throw new LiveFrameError('unknown destination', destination);
    // Tenant isolation: a company topic other than the session's own is refused, not silently empty.
    if (target.kind === 'company' && target.companyId !== session.companyId) {
      throw new LiveFrameError('permission denied', `${destination} is not ${companyTopic(session.companyId)}`, 1008);
    }
    const subscription: Subscription = { id, destination, connection: this };
    this.subscriptions.set(id, subscription);
    this.host.addSubscription(
      subscription,
      target.kind === 'company' ? { companyId: session.companyId } : { userId: session.userId },
    );
  }

  private countSend(): void {
    const now = Date.now();
    if (now - this.sendWindowStart >= 10_000) {
      this.sendWindowStart = now;
      this.sendsInWindow = 0;
    }
    if (++this.sendsInWindow > this.host.options.maxSendsPer10s) {
      throw new LiveFrameError(
        'too frequent',
        `more than ${this.host.options.maxSendsPer10s} SEND frames in 10 s`,
        1008,
      );
    }
  }

  private sendReceipt(frame: StompFrame): void {
    const receipt = header(frame, 'receipt');
    if (receipt !== undefined) {
      this.send(serializeFrame({ command: 'RECEIPT', headers: [['receipt-id', receipt]], body: '' }));
    }
  }

  send(data: string | Buffer): void {
    if (this.closed) return;
    this.lastSentAt = Date.now();
    this.socket.send(data, { binary: false });
  }

  /** Sends an EOL when nothing else went out during the negotiated period; drops a silent client. */
  tickHeartbeat(now: number): void {
    if (!this.session || this.closed) return;
    if (this.expectEveryMs > 0 && now - this.lastReceivedAt > 2 * this.expectEveryMs) {
      this.close(1001, 'heart-beat timeout');
      return;
    }
    if (this.sendEveryMs > 0 && now - this.lastSentAt >= this.sendEveryMs) this.send(HEARTBEAT);
  }

  /** ERROR frame, then close (1.2: the server MUST close the connection after an ERROR). */
  fail(error: LiveFrameError, receipt?: string): void {
    if (this.closed) return;
    const headers: [string, string][] = [
      ['message', error.message],
      ['content-type', 'text/plain'],
    ];
    if (receipt !== undefined) headers.push(['receipt-id', receipt]);
    this.send(serializeFrame({ command: 'ERROR', headers, body: error.detail }));
    this.close(error.closeCode, error.message);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.socket.close(code, reason.slice(0, 120));
    this.onClosed();
  }

  private onClosed(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.connectTimer);
    for (const subscription of this.subscriptions.values()) this.host.removeSubscription(subscription);
    this.subscriptions.clear();
    this.host.detach(this);
  }
}

function required(frame: StompFrame, name: string): string {
  const value = header(frame, name);
  if (value === undefined || value === '') throw new LiveFrameError('missing header', `${frame.command} needs ${name}`);
  return value;
}

function parseHeartbeat(value: string | undefined): [number, number] {
  const match = /^(\d{1,9}),(\d{1,9})$/.exec(value?.trim() ?? '');
  return match ? [Number(match[1]), Number(match[2])] : [0, 0];
}
