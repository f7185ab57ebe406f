import type { Jt808Message } from '@headway/protocol';
import { isErrorCode } from '@headway/spec';
import type { Kysely } from 'kysely';
import { connect, type Msg, type NatsConnection, type Subscription } from 'nats';
import type { Logger } from 'pino';
import type { CommandReply } from '../gateway/commands.ts';
import type { Gateway } from '../gateway/gateway.ts';
import { ApiError, ErrorCode, isApiError } from '../kernel/errors.ts';
import type { Database } from '../store/schema.ts';
import type { CommandRouter, SendOptions } from './router.ts';
import { terminalHolder } from './terminal-holder.ts';
import { decodeWire, encodeWire } from './wire.ts';

export interface NatsCommandRouterOptions {
  /** e.g. `nats://127.0.0.1:4222`; several comma-separated servers of one cluster are accepted. */
  servers: string;
  /** The deployment's subject prefix (HEADWAY_NATS_SUBJECT); commands travel on `{prefix}.cmd.{nodeId}`. */
  subjectPrefix: string;
  /** This node (HEADWAY_NODE_ID): the name the gateway records on the devices it holds. */
  nodeId: string;
  db: Kysely<Database>;
  /** This node's gateway; without one (an API-only node) the router only asks other nodes. */
  gateway: Gateway | undefined;
  /** The command timeout when a caller names none (the gateway's commandTimeoutMs). */
  defaultTimeoutMs: number;
  logger: Logger;
}

/** A command travelling to the node holding its terminal. */
interface RemoteCommand {
  phone: string;
  message: Jt808Message;
  timeoutMs: number;
}

/** The holding node's answer: the terminal's reply, or the platform code the command failed with. */
type RemoteAnswer = { reply: CommandReply } | { error: { code: number; note: string } };

/**
 * How much longer a caller waits than the command itself: the holding node's own 1101 (terminal silent) then
 * arrives before the request times out, and the caller learns which of the two it was.
 */
export const REQUEST_MARGIN_MS = 1000;

/**
 * The subject a node answers commands on. Two tokens under the prefix, so the live bus's `{prefix}.*` never sees
 * them; a node id's dots (a host name) would split tokens and `*`/`>` are wildcards, so those become `_`.
 */
export function commandSubject(prefix: string, nodeId: string): string {
  return `${prefix}.cmd.${nodeId.replace(/[^\w:-]/g, '_')}`;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const unreachable = (note: string) => new ApiError(ErrorCode.processing, null, note);

/**
 * The command path across nodes (docs/commands.md "Routing"): the database says which gateway node holds the
 * terminal (devices.gateway_node, online), a NATS request carries the command there, that node's gateway sends
 * it and correlates the reply, and the answer comes back as the request's reply. An offline terminal fails with
 * 1101 at once; a node that is gone ("no responders") at once too; a silent terminal after the timeout.
 */
export class NatsCommandRouter implements CommandRouter {
  private subscription: Subscription | undefined;
  private closing: Promise<void> | undefined;

  private constructor(
    /** Also carries the directory signal (ingest/directory-signal.ts). */
    readonly connection: NatsConnection,
    private readonly options: NatsCommandRouterOptions,
  ) {}

  /**
   * Connects (failing at once when NATS is unreachable: a node must not start half-connected) and, on a gateway
   * node, answers its subject.
   */
  static async connect(options: NatsCommandRouterOptions): Promise<NatsCommandRouter> {
    let nc: NatsConnection;
    try {
      nc = await connect({
        servers: options.servers.split(',').map((s) => s.trim()),
        name: options.nodeId,
        // A node never asks itself over NATS (its own terminals go straight to its gateway), and its directory
        // signal reloads its own ingest directly.
        noEcho: true,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1000,
        pingInterval: 10_000,
      });
    } catch (error) {
      throw new Error(`commands: cannot connect to NATS at ${options.servers}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const router = new NatsCommandRouter(nc, options);
    if (options.gateway) router.serve(options.gateway);
    void nc.closed().then((error) => {
      if (error) options.logger.error({ err: error }, 'command bus connection closed with an error');
    });
    return router;
  }

  async send(phone: string, message: Jt808Message, options: SendOptions = {}): Promise<CommandReply> {
    const { gateway, nodeId, db } = this.options;
    const timeoutMs = options.timeoutMs ?? this.options.defaultTimeoutMs;
    // Our own session first: the database learns of a new session a moment after the gateway does.
    if (gateway?.isOnline(phone)) return gateway.sendCommand(phone, message, { timeoutMs });
    const holder = await terminalHolder(db, phone);
    if (holder === undefined || holder === nodeId) throw unreachable(`terminal ${phone} is offline`);
    return this.ask(holder, { phone, message, timeoutMs });
  }

  async isOnline(phone: string): Promise<boolean> {
    if (this.options.gateway?.isOnline(phone)) return true;
    const holder = await terminalHolder(this.options.db, phone);
    // Recorded as ours but not in our gateway: a session that just ended, whose presence update is on its way.
    return holder !== undefined && holder !== this.options.nodeId;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.subscription?.unsubscribe();
      if (!this.connection.isClosed()) await this.connection.drain().catch(() => this.connection.close());
    })();
    return this.closing;
  }

  private async ask(holder: string, command: RemoteCommand): Promise<CommandReply> {
    const subject = commandSubject(this.options.subjectPrefix, holder);
    let response: Msg;
    try {
      response = await this.connection.request(subject, encoder.encode(encodeWire(command)), {
        timeout: command.timeoutMs + REQUEST_MARGIN_MS,
      });
    } catch (error) {
      // No responders (the node is gone and its terminals not yet marked offline), the request timed out, or
      // NATS is unreachable: to the caller, the terminal cannot be reached.
      throw unreachable(`node ${holder} did not answer for terminal ${command.phone}: ${(error as Error).message}`);
    }
    let answer: RemoteAnswer;
    try {
      answer = decodeWire<RemoteAnswer>(decoder.decode(response.data));
    } catch {
      throw new ApiError(ErrorCode.unknown, null, `node ${holder} answered with something unreadable`);
    }
    if ('reply' in answer) return answer.reply;
    const code = isErrorCode(answer.error?.code) ? answer.error.code : ErrorCode.unknown;
    throw new ApiError(code, null, answer.error?.note);
  }

  /** The holding side: commands for this node's terminals, sent by its gateway, answered over NATS. */
  private serve(gateway: Gateway): void {
    const subject = commandSubject(this.options.subjectPrefix, this.options.nodeId);
    this.subscription = this.connection.subscribe(subject, {
      callback: (error, msg) => {
        if (error) this.options.logger.warn({ err: error, subject }, 'command subscription error');
        else void this.answer(gateway, msg);
      },
    });
  }

  private async answer(gateway: Gateway, msg: Msg): Promise<void> {
    let answer: RemoteAnswer;
    try {
      const command = decodeWire<Partial<RemoteCommand>>(decoder.decode(msg.data));
      if (typeof command.phone !== 'string' || typeof command.message?.msgId !== 'number') {
        throw new ApiError(ErrorCode.parameter, null, 'command without phone or message');
      }
      const timeoutMs =
        typeof command.timeoutMs === 'number' && command.timeoutMs > 0
          ? command.timeoutMs
          : this.options.defaultTimeoutMs;
      answer = { reply: await gateway.sendCommand(command.phone, command.message, { timeoutMs }) };
    } catch (error) {
      answer = isApiError(error)
        ? { error: { code: error.code, note: error.message } }
        : { error: { code: ErrorCode.unknown, note: (error as Error).message ?? String(error) } };
    }
    try {
      msg.respond(encoder.encode(encodeWire(answer)));
    } catch (err) {
      // The connection closed while the terminal was answering (the node is stopping); the caller times out.
      this.options.logger.warn({ err }, 'command answer not sent');
    }
  }
}
