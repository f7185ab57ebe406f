import type { Jt808Message } from '@headway/protocol';
import type { CommandReply } from '../gateway/commands.ts';
import type { Gateway } from '../gateway/gateway.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends commands to terminals on whichever node holds them (commands/module.ts); absent until it starts. */
    commandRouter?: CommandRouter;
  }
}

export interface SendOptions {
  /** Default: the gateway's commandTimeoutMs (HEADWAY_GATEWAY_COMMAND_TIMEOUT_MS, 10 s). */
  timeoutMs?: number;
}

/**
 * The command path back to terminals (ARCHITECTURE.md "Commands flow back"): console → api → this → the gateway
 * node holding the terminal's session → terminal → reply correlated by message id and flow id → caller. An
 * offline terminal, a node that cannot be reached and a terminal that does not answer in time all reject with
 * ApiError 1101 (the spec's "processing").
 */
export interface CommandRouter {
  send(phone: string, message: Jt808Message, options?: SendOptions): Promise<CommandReply>;
  /** Whether some node holds a session of this terminal now. */
  isOnline(phone: string): Promise<boolean>;
  close(): Promise<void>;
}

/** One process (or an API node without NATS): only this node's gateway, if it has one. Several: nats-router.ts. */
export class LocalCommandRouter implements CommandRouter {
  constructor(private readonly gateway: Gateway | undefined) {}

  send(phone: string, message: Jt808Message, options: SendOptions = {}): Promise<CommandReply> {
    if (!this.gateway) return Promise.reject(new ApiError(ErrorCode.processing, null, 'no gateway on this node'));
    return this.gateway.sendCommand(phone, message, options);
  }

  async isOnline(phone: string): Promise<boolean> {
    return this.gateway?.isOnline(phone) ?? false;
  }

  async close(): Promise<void> {}
}
