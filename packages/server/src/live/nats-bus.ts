import { connect, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import type { LiveBus } from './bus.ts';
import type { LiveMessage } from './events.ts';

export interface NatsLiveBusOptions {
  /** e.g. `nats://127.0.0.1:4222`; several comma-separated servers of one cluster are accepted. */
  servers: string;
  /** Subjects are `{prefix}.{companyId}`; tests use their own prefix so parallel runs do not meet. */
  subjectPrefix?: string;
  /**
   * Whether this node takes other nodes' messages off NATS. A node without STOMP consoles and without the REST
   * full refresh (a gateway+ingest node) only publishes: subscribing would parse every other node's batches.
   */
  receive?: boolean;
  /** Connection name shown by the NATS server (monitoring); the node id. */
  name?: string;
  logger: Logger;
}

export const DEFAULT_LIVE_SUBJECT_PREFIX = 'headway.live';

/** Room left under max_payload for the envelope around the gps items, and for a server with a smaller limit. */
const ENVELOPE_HEADROOM = 256;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The live bus across nodes over NATS core pub/sub (docs/decisions.md "Live bus over NATS core"). Each node
 * delivers its own messages locally at once and publishes them on `{prefix}.{companyId}`; the connection is
 * opened with `noEcho`, so the NATS server never sends a node its own messages back — no double delivery, no
 * bytes wasted on the echo, and local consoles keep their node's vehicles while NATS is unreachable.
 *
 * A gps event larger than the server's max_payload (1 MB by default: about 4,000 vehicles) is split into
 * several gps events of whole real_data items, each under the limit; every chunk is a valid `{cmd:"gps"}`
 * message on its own, so receivers need no reassembly and a lost chunk cannot hold back the others.
 */
export class NatsLiveBus implements LiveBus {
  private readonly listeners = new Set<(message: LiveMessage) => void>();
  private readonly prefix: string;
  private closing: Promise<void> | undefined;
  /** Counters for tests and the bench: messages (after chunking) out, in, and dropped as unusable. */
  readonly stats = { published: 0, chunks: 0, received: 0, rejected: 0 };

  private constructor(
    private readonly nc: NatsConnection,
    private readonly options: NatsLiveBusOptions,
  ) {
    this.prefix = options.subjectPrefix ?? DEFAULT_LIVE_SUBJECT_PREFIX;
  }

  /** Connects (failing at once when NATS is unreachable: a node must not start half-connected). */
  static async connect(options: NatsLiveBusOptions): Promise<NatsLiveBus> {
    const servers = options.servers.split(',').map((s) => s.trim());
    let nc: NatsConnection;
    try {
      nc = await connect({
        servers,
        name: options.name,
        noEcho: true,
        // After the first connection, never give up: the node keeps serving its local consoles meanwhile.
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1000,
        pingInterval: 10_000,
      });
    } catch (error) {
      throw new Error(`live bus: cannot connect to NATS at ${options.servers}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const bus = new NatsLiveBus(nc, options);
    bus.watchStatus();
    if (options.receive ?? true) bus.listen();
    options.logger.info(
      { server: nc.getServer(), maxPayload: nc.info?.max_payload, prefix: bus.prefix },
      'live bus connected to NATS',
    );
    return bus;
  }

  /** The server's advertised max_payload (it can change when a reconnect lands on another server). */
  get maxPayload(): number {
    return this.nc.info?.max_payload ?? 1024 * 1024;
  }

  publish(message: LiveMessage): void {
    for (const listener of this.listeners) listener(message);
    if (this.closing || this.nc.isClosed()) return;
    const subject = `${this.prefix}.${message.companyId}`;
    this.stats.published++;
    try {
      for (const payload of this.encode(message)) {
        this.nc.publish(subject, payload);
        this.stats.chunks++;
      }
    } catch (error) {
      // Publishing only fails on a closed connection or a message over the limit; neither may break the
      // caller (the batcher's timer, a dispatch route). Local consoles already have it.
      this.options.logger.error({ err: error, subject }, 'live bus publish failed');
    }
  }

  subscribe(listener: (message: LiveMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.listeners.clear();
      // drain(): flush what was published (the batcher's last batch), then close.
      if (!this.nc.isClosed()) await this.nc.drain().catch(() => this.nc.close());
    })();
    return this.closing;
  }

  /**
   * JSON payloads under max_payload. Only gps batches grow with the fleet; their items are serialised one by
   * one and packed greedily, so the split costs no second serialisation.
   */
  encode(message: LiveMessage): Uint8Array[] {
    const limit = this.maxPayload - ENVELOPE_HEADROOM;
    if (message.event.cmd !== 'gps' || message.userId !== undefined) {
      const bytes = encoder.encode(JSON.stringify(message));
      if (bytes.length > limit) throw new Error(`live ${message.event.cmd} message of ${bytes.length} bytes`);
      return [bytes];
    }
    const head = `{"companyId":${message.companyId},"event":{"cmd":"gps","data":[`;
    const tail = ']}}';
    const out: Uint8Array[] = [];
    let items: string[] = [];
    let size = head.length + tail.length;
    for (const position of message.event.data) {
      const item = JSON.stringify(position);
      // Byte length, not string length: plates and names in optional objects may be non-ASCII.
      const bytes = Buffer.byteLength(item) + 1;
      if (items.length > 0 && size + bytes > limit) {
        out.push(encoder.encode(head + items.join(',') + tail));
        items = [];
        size = head.length + tail.length;
      }
      items.push(item);
      size += bytes;
    }
    if (items.length > 0) out.push(encoder.encode(head + items.join(',') + tail));
    return out;
  }

  private listen(): void {
    this.nc.subscribe(`${this.prefix}.*`, {
      callback: (error, msg) => {
        if (error) {
          this.options.logger.warn({ err: error }, 'live bus subscription error');
          return;
        }
        let message: LiveMessage;
        try {
          message = JSON.parse(decoder.decode(msg.data)) as LiveMessage;
        } catch {
          this.stats.rejected++;
          return;
        }
        // Anything else on our subjects (another tool, an older node) must not reach the brokers.
        if (typeof message?.companyId !== 'number' || typeof message.event?.cmd !== 'string') {
          this.stats.rejected++;
          return;
        }
        this.stats.received++;
        for (const listener of this.listeners) {
          try {
            listener(message);
          } catch (err) {
            this.options.logger.error({ err, subject: msg.subject }, 'live bus listener failed');
          }
        }
      },
    });
  }

  private watchStatus(): void {
    const log = this.options.logger;
    void (async () => {
      for await (const status of this.nc.status()) {
        if (status.type === 'disconnect') log.warn({ server: status.data }, 'live bus disconnected from NATS');
        else if (status.type === 'reconnect') log.info({ server: status.data }, 'live bus reconnected to NATS');
        else if (status.type === 'error') log.error({ err: status.data }, 'live bus NATS error');
        else if (status.type === 'ldm') log.warn({ server: status.data }, 'NATS server entering lame duck mode');
      }
    })().catch(() => {});
    void this.nc.closed().then((error) => {
      if (error) log.error({ err: error }, 'live bus connection closed with an error');
    });
  }
}
