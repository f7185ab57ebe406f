import { randomBytes } from 'node:crypto';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { Clock } from '../kernel/time.ts';

/**
 * Exchanges a WeChat-style OAuth code for the user's union_id. WeChat itself is outside the system,
 * so the real exchange is a deployment's plug-in; tests inject a fake and development uses the dev provider.
 * Throws ApiError(1004) for a code the provider rejects.
 */
export interface WechatProvider {
  exchange(code: string): Promise<string>;
}

/** Development stand-in, enabled by HEADWAY_WECHAT_DEV=1: the code `dev:<union_id>` yields that union_id. */
export const devWechatProvider: WechatProvider = {
  async exchange(code) {
    const match = /^dev:([\w.-]{1,128})$/.exec(code);
    if (!match?.[1]) throw new ApiError(ErrorCode.parameter, { field: 'code' });
    return match[1];
  },
};

/**
 * One-time login tickets handed out by GET /login/wechat in place of a password, and union_ids that
 * came back unbound, remembered so that only a union_id the provider really vouched for can be bound
 * at the next login. In memory: both live for minutes and a restart only asks the user to scan again.
 */
export class WechatTickets {
  private readonly tickets = new Map<string, { userId: number; expiresAt: number }>();
  private readonly unbound = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly ticketMs: number,
    private readonly bindWindowMs: number,
  ) {}

  /** 32 lowercase hex characters: the shape of the MD5 that POST /login expects in `password`. */
  issue(userId: number): string {
    this.sweep();
    const ticket = randomBytes(16).toString('hex');
    this.tickets.set(ticket, { userId, expiresAt: this.clock.now() + this.ticketMs });
    return ticket;
  }

  consume(userId: number, ticket: string): boolean {
    const entry = this.tickets.get(ticket);
    if (!entry || entry.userId !== userId) return false;
    this.tickets.delete(ticket);
    return entry.expiresAt > this.clock.now();
  }

  rememberUnbound(unionId: string): void {
    this.sweep();
    this.unbound.set(unionId, this.clock.now() + this.bindWindowMs);
  }

  takeUnbound(unionId: string): boolean {
    const expiresAt = this.unbound.get(unionId);
    this.unbound.delete(unionId);
    return expiresAt !== undefined && expiresAt > this.clock.now();
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [key, entry] of this.tickets) if (entry.expiresAt <= now) this.tickets.delete(key);
    for (const [key, expiresAt] of this.unbound) if (expiresAt <= now) this.unbound.delete(key);
  }
}
