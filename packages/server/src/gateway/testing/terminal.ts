import { connect, type Socket } from 'node:net';
import {
  type DecodedMessage,
  decodeFrame,
  encodeMessage,
  FrameSplitter,
  type Jt808Message,
  type ProtocolVersion,
} from '@headway/protocol';

export type Received = Extract<DecodedMessage, { kind: 'message' }>;

/**
 * A JT/T 808 terminal for tests and the bench: a real TCP socket, frames encoded and decoded with
 * @headway/protocol, and a queue of what the platform sent so a test can await "the next 0x8001".
 */
export class TestTerminal {
  readonly received: Received[] = [];
  closed = false;
  private flowId = 0;
  private waiters: { match: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];
  private closeWaiters: (() => void)[] = [];
  private readonly splitter = new FrameSplitter();
  /** Called for every platform message (the bench answers nothing; tests may answer commands). */
  onMessage: ((m: Received) => void) | undefined;

  private constructor(
    readonly socket: Socket,
    readonly phone: string,
    readonly version: ProtocolVersion,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      for (const frame of this.splitter.push(chunk)) {
        const r = decodeFrame(frame);
        if (!r.ok || r.message.kind !== 'message') continue;
        const m = r.message;
        const i = this.waiters.findIndex((w) => w.match(m));
        if (i >= 0) this.waiters.splice(i, 1)[0]?.resolve(m);
        else this.received.push(m);
        this.onMessage?.(m);
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      this.closed = true;
      for (const w of this.closeWaiters) w();
    });
  }

  static async connect(
    port: number,
    phone: string,
    version: ProtocolVersion = 2013,
    host = '127.0.0.1',
  ): Promise<TestTerminal> {
    const socket = connect({ port, host });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new TestTerminal(socket, phone, version);
  }

  /** Encodes with this terminal's next flow id; returns the bytes and the flow id used. */
  encode(message: Jt808Message): { bytes: Uint8Array; flowId: number } {
    const flowId = this.flowId;
    this.flowId = (this.flowId + 1) & 0xffff;
    return { bytes: encodeMessage(message, { version: this.version, phone: this.phone, flowId }), flowId };
  }

  send(message: Jt808Message): number {
    const { bytes, flowId } = this.encode(message);
    this.socket.write(bytes);
    return flowId;
  }

  write(bytes: Uint8Array): void {
    this.socket.write(bytes);
  }

  /** The next platform message matching, already received or yet to come. */
  next(match: (m: Received) => boolean, timeoutMs = 5000): Promise<Received> {
    const i = this.received.findIndex(match);
    if (i >= 0) return Promise.resolve(this.received.splice(i, 1)[0] as Received);
    return new Promise<Received>((resolve, reject) => {
      const waiter = {
        match,
        resolve: (m: Received) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no matching platform message within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** The 0x8001 answering our message with this flow id. */
  ackOf(flowId: number, timeoutMs?: number): Promise<Received & { msgId: 0x8001 }> {
    return this.next((m) => m.msgId === 0x8001 && m.body.replyFlowId === flowId, timeoutMs) as Promise<
      Received & { msgId: 0x8001 }
    >;
  }

  async register(plate = ''): Promise<{ result: number; token?: string }> {
    const flowId = this.send({
      msgId: 0x0100,
      body: { province: 44, city: 300, maker: 'HWAY1', model: 'SIM-808', terminalId: 'T000001', plateColor: 1, plate },
    });
    const m = await this.next((x) => x.msgId === 0x8100 && x.body.replyFlowId === flowId);
    if (m.msgId !== 0x8100) throw new Error('unreachable');
    return { result: m.body.result, ...(m.body.token !== undefined ? { token: m.body.token } : {}) };
  }

  async authenticate(token: string): Promise<number> {
    const flowId = this.send({ msgId: 0x0102, body: { token } });
    const ack = await this.ackOf(flowId);
    return ack.body.result;
  }

  waitClosed(timeoutMs = 5000): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('connection still open')), timeoutMs);
      this.closeWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  close(): void {
    this.socket.destroy();
  }
}
