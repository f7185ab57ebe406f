import type { Jt808Message } from '@headway/protocol';
import { type CommandState, CommandStateCode } from '@headway/spec';
import type { Kysely, Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { CommandReply } from '../../gateway/commands.ts';
import type { Gateway } from '../../gateway/gateway.ts';
import { ErrorCode, isApiError } from '../../kernel/errors.ts';
import type { Database } from '../../store/schema.ts';
import { markDispatchSent, queuedCommands, settleDispatchRow } from '../log/dispatch-log.ts';
import { markMessageSent, queuedMessages, setMessageState } from '../log/message-log.ts';
import type { DispatchLogTable, MessageLogTable } from '../schema.ts';
import { textMessage } from '../text-message.ts';
import { decodeWire } from '../wire.ts';
import { requeueCommand, requeueMessage } from './requeue.ts';

type Queued =
  | { kind: 'message'; row: Selectable<MessageLogTable> }
  | { kind: 'command'; row: Selectable<DispatchLogTable> };

interface Outcome {
  state: CommandState;
  /** The terminal's result byte, or the platform code when it did not answer. */
  result: number;
  replyTime: number | null;
}

/** What delivery needs of the gateway. */
export type DeliveryGateway = Pick<Gateway, 'isOnline' | 'sendCommand' | 'onAttach'>;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** 0x0001 carries the terminal's verdict (0 ok, 1 failed, 2 bad message, 3 unsupported); any other answer is one. */
function outcomeOf(reply: CommandReply): Outcome {
  const result = reply.msgId === 0x0001 ? reply.body.result : 0;
  return {
    state: result === 0 ? CommandStateCode.replied : CommandStateCode.refused,
    result,
    replyTime: nowSeconds(),
  };
}

/**
 * Delivers what was queued for a terminal while it was offline (message log send_state 0, dispatch log state 0)
 * when it authenticates on this node: oldest first, one at a time, each waiting for its reply.
 *
 * Exactly once: a row is claimed by the conditional update 0 → 1 (markMessageSent / markDispatchSent) before it
 * is sent, so a second delivery — a double attach here, or the terminal bouncing to another node — skips it.
 *
 * Outcomes: replied (2) on result 0, refused (3) on any other result. A claimed row whose terminal dropped before
 * anything was written to it goes back to the queue unchanged. Once written, a missing answer (the terminal went
 * away again, or said nothing within the timeout) makes it "not reachable" (4), not queued again: the terminal may
 * well have shown the text, and a driver seeing the same dispatch twice is worse than a dispatcher resending.
 */
export class QueueDelivery {
  /** Per device, the delivery under way: a second attach waits for it instead of racing it. */
  private readonly running = new Map<number, Promise<void>>();
  private stopped = false;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly gateway: DeliveryGateway,
    private readonly logger: Logger,
    private readonly options: { timeoutMs?: number } = {},
  ) {}

  start(): void {
    this.unsubscribe = this.gateway.onAttach(({ phone, device }) => void this.enqueue(phone, device.id));
  }

  /** No new deliveries; one under way ends when its terminal's session does (the gateway stops next). */
  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
  }

  /** Resolves when the deliveries under way now have ended. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  /** Delivers the device's queue after whatever delivery to it is already under way; never rejects. */
  enqueue(phone: string, deviceId: number): Promise<void> {
    const previous = this.running.get(deviceId) ?? Promise.resolve();
    const next = previous
      .then(() => this.deliver(phone, deviceId))
      .then(
        () => undefined,
        (err: unknown) => this.logger.warn({ err, phone }, 'queued command delivery failed'),
      );
    this.running.set(deviceId, next);
    void next.then(() => {
      if (this.running.get(deviceId) === next) this.running.delete(deviceId);
    });
    return next;
  }

  /** Sends the device's queued rows; resolves with how many this call delivered (sent and settled). */
  async deliver(phone: string, deviceId: number): Promise<number> {
    const now = nowSeconds();
    const [messages, commands] = await Promise.all([
      queuedMessages(this.db, deviceId, now),
      queuedCommands(this.db, deviceId, now),
    ]);
    // Stable sort: within one second, each log keeps its id order and texts go before commands.
    const queue: Queued[] = [
      ...messages.map((row) => ({ kind: 'message' as const, row })),
      ...commands.map((row) => ({ kind: 'command' as const, row })),
    ].sort((a, b) => a.row.send_time - b.row.send_time);
    let delivered = 0;
    for (const item of queue) {
      // Gone again: the rest stays queued for its next connection.
      if (this.stopped || !this.gateway.isOnline(phone)) break;
      if (await this.deliverOne(phone, item)) delivered++;
    }
    return delivered;
  }

  private async deliverOne(phone: string, item: Queued): Promise<boolean> {
    const sentAt = nowSeconds();
    const claimed =
      item.kind === 'message'
        ? await markMessageSent(this.db, item.row.id, sentAt)
        : await markDispatchSent(this.db, item.row.id, sentAt);
    if (!claimed) return false;

    let message: Jt808Message;
    try {
      message =
        item.kind === 'message'
          ? textMessage(item.row.msg, item.row.flag, item.row.target)
          : decodeWire<Jt808Message>(item.row.payload ?? '');
    } catch (err) {
      this.logger.error({ err, id: item.row.id }, 'queued command payload unreadable');
      await this.settle(item, { state: CommandStateCode.unreachable, result: ErrorCode.unknown, replyTime: null });
      return false;
    }

    // The claim took a round trip to the database; the session may have ended meanwhile.
    if (!this.gateway.isOnline(phone)) {
      if (item.kind === 'message') await requeueMessage(this.db, item.row.id, item.row.send_time);
      else await requeueCommand(this.db, item.row.id, item.row.send_time, item.row.payload);
      return false;
    }
    const timeout = this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {};
    const outcome = await this.gateway.sendCommand(phone, message, timeout).then(outcomeOf, (error: unknown) => ({
      state: CommandStateCode.unreachable,
      result: isApiError(error) ? error.code : ErrorCode.unknown,
      replyTime: null,
    }));
    await this.settle(item, outcome);
    return true;
  }

  private settle(item: Queued, outcome: Outcome): Promise<void> {
    if (item.kind === 'message') return setMessageState(this.db, item.row.id, outcome.state, outcome.replyTime);
    return settleDispatchRow(this.db, item.row.id, outcome);
  }
}
