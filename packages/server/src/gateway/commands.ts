import type { Jt808Header, Jt808Message } from '@headway/protocol';
import { ApiError, ErrorCode } from '../kernel/errors.ts';

/** A terminal's answer to a platform command, with the header it came in. */
export type CommandReply = Jt808Message & { header: Jt808Header };

/**
 * Which message answers which command (reference §2.1). Anything not listed is answered by the 0x0001 general
 * response. A 0x0001 carrying the command's flow id also settles a query (a terminal that does not support
 * 0x8107 answers 0x0001 result 3 rather than 0x0107).
 */
const ANSWERED_BY: Record<number, number> = {
  33028: 0x0104,
  33030: 0x0104,
  33031: 0x0107,
  33281: 0x0201,
  34312: 0x0608,
  34817: 0x0805,
  36867: 0x1003,
  37381: 0x1205,
  37377: 0x1205,
};

/**
 * Answers with no reply flow id in their body: matched by message id, oldest command first. 0x0608 (2019) has
 * none in the standard's table nor in the open-source codecs (SmallChi, toggery).
 */
const WITHOUT_FLOW_ID = new Set([0x0107, 0x1003, 0x0608]);

export function expectedReply(commandMsgId: number): number {
  return ANSWERED_BY[commandMsgId] ?? 0x0001;
}

/** Message ids that settle commands (the session routes them here instead of acking them). */
export const REPLY_MSG_IDS: ReadonlySet<number> = new Set([0x0001, ...Object.values(ANSWERED_BY)]);

interface Pending {
  msgId: number;
  flowId: number;
  expects: number;
  timer: NodeJS.Timeout;
  resolve(reply: CommandReply): void;
  reject(error: unknown): void;
}

/** The commands one session has in flight, matched to replies by reply message id and flow id. */
export class PendingCommands {
  private pending: Pending[] = [];

  get size(): number {
    return this.pending.length;
  }

  wait(msgId: number, flowId: number, timeoutMs: number, onTimeout: () => void): Promise<CommandReply> {
    return new Promise<CommandReply>((resolve, reject) => {
      const entry: Pending = {
        msgId,
        flowId,
        expects: expectedReply(msgId),
        resolve,
        reject,
        timer: setTimeout(() => {
          this.remove(entry);
          onTimeout();
          reject(new ApiError(ErrorCode.processing, null, `terminal did not answer 0x${msgId.toString(16)}`));
        }, timeoutMs),
      };
      this.pending.push(entry);
    });
  }

  /** Settles the command this message answers; false when it answers none (late, or unsolicited). */
  settle(reply: CommandReply): boolean {
    const entry = this.find(reply);
    if (!entry) return false;
    this.remove(entry);
    clearTimeout(entry.timer);
    entry.resolve(reply);
    return true;
  }

  /** The session ended: every waiting command fails with 1101 (the terminal went offline). */
  failAll(): void {
    const all = this.pending;
    this.pending = [];
    for (const entry of all) {
      clearTimeout(entry.timer);
      entry.reject(new ApiError(ErrorCode.processing, null, 'terminal disconnected'));
    }
  }

  private find(reply: CommandReply): Pending | undefined {
    if (reply.msgId === 0x0001) {
      const { replyFlowId, replyMsgId } = reply.body;
      return this.pending.find((p) => p.flowId === replyFlowId && p.msgId === replyMsgId);
    }
    if (WITHOUT_FLOW_ID.has(reply.msgId)) return this.pending.find((p) => p.expects === reply.msgId);
    const body = reply.body as { replyFlowId?: number };
    return this.pending.find((p) => p.expects === reply.msgId && p.flowId === body.replyFlowId);
  }

  private remove(entry: Pending): void {
    const i = this.pending.indexOf(entry);
    if (i >= 0) this.pending.splice(i, 1);
  }
}
