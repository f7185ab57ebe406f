import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  type DecodeOptions,
  decodeBody,
  decodeFrame,
  encodeFrames,
  encodeMessage,
  encodePlatformResponse,
  FrameSplitter,
  type Jt808Header,
  type Jt808Message,
  type ProtocolVersion,
  replyOptions,
  SubpackageAssembler,
  toHex,
} from '@headway/protocol';
import { type CommandReply, PendingCommands } from './commands.ts';
import type { KnownDevice } from './devices.ts';
import type { SessionHost } from './session-host.ts';
import { handleMessage } from './terminal-messages.ts';

let nextSessionId = 1;

/**
 * One JT/T 808 TCP connection: framing, limits, flow ids, the per-terminal decode options, and the commands in
 * flight. What each message means is terminal-messages.ts; who holds which phone is the host's registry.
 */
export class TerminalSession {
  readonly id = nextSessionId++;
  readonly connectedAt = Date.now();
  lastFrameAt = Date.now();
  /** Set once 0x0102 succeeds; before that only 0x0100 / 0x0102 are served. */
  device: KnownDevice | undefined;
  phone: string | undefined;
  /** Body edition of this terminal; the codec's per-header detection until registration/auth says more. */
  version: ProtocolVersion = 2013;
  readonly decodeOptions: DecodeOptions = {};
  idleMs: number;
  readonly commands = new PendingCommands();
  closed = false;

  private flowId = 0;
  private readonly splitter: FrameSplitter;
  private readonly assembler = new SubpackageAssembler({ maxPackets: 256, maxBytes: 1 << 20, maxOpen: 4 });
  private badInWindow = 0;
  private garbageInWindow = 0;
  private windowStart = Date.now();
  /** Frames read while an async step (register/auth lookup) runs: processed in order afterwards. */
  private backlog: Uint8Array[] = [];
  private busy = false;
  private busySince = 0;
  /** Time spent waiting on the platform (this connection's handlers, e.g. a registration query). */
  private platformWaitMs = 0;

  constructor(
    readonly socket: Socket,
    readonly host: SessionHost,
  ) {
    const { options, metrics } = host;
    this.idleMs = options.heartbeatSeconds * options.idleHeartbeats * 1000;
    this.splitter = new FrameSplitter({
      maxFrameSize: options.maxFrameSize,
      onDrop: (reason, bytes) => {
        // Oversize runs count as garbage bytes too: a stream with no 7E at all is the plainest flood.
        if (reason === 'oversize') {
          metrics.oversizeFrames++;
          this.badInWindow++;
        }
        metrics.garbageBytes += bytes;
        this.garbageInWindow += bytes;
      },
    });
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => {}); // ECONNRESET and friends: 'close' follows and cleans up.
    socket.on('close', () => this.onClose());
  }

  get authenticated(): boolean {
    return this.device !== undefined;
  }

  /**
   * Whether the terminal has had `timeoutMs` of its own time to authenticate and has not. Time spent waiting on
   * us does not count: when registrations queue behind a slow store (a whole fleet reconnecting after a
   * restart), closing those connections would only make them register again, and the queue would never drain.
   */
  authOverdue(now: number, timeoutMs: number): boolean {
    if (this.authenticated || this.busy) return false;
    return now - this.connectedAt - this.platformWaitMs > timeoutMs;
  }

  get remote(): string {
    return `${this.socket.remoteAddress}:${this.socket.remotePort}`;
  }

  nextFlowId(count = 1): number {
    const id = this.flowId;
    this.flowId = (this.flowId + count) & 0xffff;
    return id;
  }

  /** Sends a platform message; returns the flow id of its (first) frame, the one replies refer to. */
  send(message: Jt808Message): number {
    if (!this.phone) throw new Error('session has no terminal yet');
    const frames = encodeFrames(message, { version: this.version, phone: this.phone, flowId: this.flowId });
    const flowId = this.nextFlowId(frames.length);
    for (const f of frames) this.write(f, message.msgId);
    return flowId;
  }

  /** 0x8001 answering a terminal message. */
  respond(header: Jt808Header, result = 0): void {
    this.write(encodePlatformResponse(header, this.nextFlowId(), result), 0x8001);
  }

  /** A reply in the terminal's own dialect (0x8100, 0x8004, 0x8003). */
  reply(header: Jt808Header, message: Jt808Message): void {
    this.write(encodeMessage(message, replyOptions(header, this.nextFlowId())), message.msgId);
  }

  write(bytes: Uint8Array, msgId: number): void {
    if (this.closed) return;
    this.socket.write(bytes);
    this.host.metrics.frameOut(msgId);
    // A terminal that stops reading must not make us buffer its acks without bound.
    if (this.socket.writableLength > this.host.options.maxWriteBuffer) {
      this.host.metrics.closedForBackpressure++;
      this.close('write buffer full');
    }
  }

  close(reason: string, graceful = false): void {
    if (this.closed) return;
    this.closed = true;
    this.host.logger.debug({ phone: this.phone, remote: this.remote, reason }, 'terminal connection closed');
    if (graceful) this.socket.end();
    else this.socket.destroy();
  }

  settle(reply: CommandReply): boolean {
    return this.commands.settle(reply);
  }

  private onData(chunk: Buffer): void {
    this.lastFrameAt = Date.now();
    const frames = this.splitter.push(chunk);
    if (this.busy) {
      for (const f of frames) this.backlog.push(f);
      if (this.backlog.length > 256) this.close('too many frames before authentication');
    } else {
      for (let i = 0; i < frames.length; i++) {
        const pending = this.onFrame(frames[i] as Uint8Array);
        if (pending) {
          for (let j = i + 1; j < frames.length; j++) this.backlog.push(frames[j] as Uint8Array);
          this.waitFor(pending);
          break;
        }
      }
    }
    this.checkFlood();
    if (this.host.writer.backlogged && !this.socket.isPaused()) {
      // Stop reading: TCP backpressure reaches the terminal, which waits for its acks anyway.
      this.socket.pause();
      this.host.writer.onDrain(() => {
        if (!this.closed) this.socket.resume();
      });
    }
  }

  private waitFor(pending: Promise<void>): void {
    this.busy = true;
    this.busySince = Date.now();
    pending
      .catch((error: unknown) => {
        this.host.logger.error({ err: error, phone: this.phone }, 'terminal message handling failed');
        this.close('handler error');
      })
      .finally(() => {
        this.busy = false;
        this.platformWaitMs += Date.now() - this.busySince;
        while (this.backlog.length > 0 && !this.closed) {
          const next = this.onFrame(this.backlog.shift() as Uint8Array);
          if (next) return this.waitFor(next);
        }
      });
  }

  private onFrame(frame: Uint8Array): Promise<void> | undefined {
    if (this.closed) return undefined;
    const metrics = this.host.metrics;
    const r = decodeFrame(frame, this.decodeOptions);
    if (!r.ok) {
      metrics.decodeError(r.error.code);
      this.badInWindow++;
      this.garbageInWindow += frame.length;
      this.host.log.warn(
        `decode:${r.error.code}`,
        {
          phone: this.phone ?? r.header?.phone,
          remote: this.remote,
          code: r.error.code,
          hex: toHex(frame.subarray(0, 256)),
        },
        'malformed frame',
      );
      // A frame whose header we could read but whose body we could not gets 0x8001 "bad message" (result 2).
      if (r.header && r.error.code !== 'BAD_CHECKSUM' && this.authenticated) this.respond(r.header, 2);
      return undefined;
    }
    const m = r.message;
    metrics.frameIn(m.msgId);
    if (m.kind === 'unknown') {
      this.respond(m.header, 3);
      return undefined;
    }
    if (m.kind === 'fragment') return this.onFragment(m.header, m.body);
    return handleMessage(this, m, performance.now());
  }

  private onFragment(header: Jt808Header, body: Uint8Array): Promise<void> | undefined {
    // JT/T 1078 §4.1: every fragment is acknowledged on its own.
    this.respond(header);
    const a = this.assembler.push(header, body);
    if (a.status === 'rejected') {
      this.host.metrics.decodeError(a.error.code);
      return undefined;
    }
    if (a.status !== 'complete') return undefined;
    const d = decodeBody(a.header.msgId, a.body, a.header, this.decodeOptions);
    if (!d.ok) {
      this.host.metrics.decodeError(d.error.code);
      return undefined;
    }
    return handleMessage(
      this,
      { ...d.message, kind: 'message', header: { ...a.header, subpackage: false } } as never,
      performance.now(),
      true,
    );
  }

  /** Asks again for fragments that never came (0x8003), called by the host's sweep. */
  sweepFragments(): void {
    for (const x of this.assembler.expire()) {
      if (!this.phone || x.missing.length === 0) continue;
      this.send({ msgId: 0x8003, body: { originalFlowId: x.firstFlowId, packetIds: x.missing } });
    }
  }

  private checkFlood(): void {
    const { options, metrics } = this.host;
    const now = Date.now();
    if (now - this.windowStart >= options.badWindowMs) {
      this.windowStart = now;
      this.badInWindow = 0;
      this.garbageInWindow = 0;
      return;
    }
    if (this.badInWindow > options.maxBadFramesPerWindow || this.garbageInWindow > options.maxGarbageBytesPerWindow) {
      metrics.closedForGarbage++;
      this.host.log.warn(
        'flood',
        { phone: this.phone, remote: this.remote, badFrames: this.badInWindow, garbageBytes: this.garbageInWindow },
        'closing connection: garbage flood',
      );
      this.close('garbage flood');
    }
  }

  private onClose(): void {
    this.closed = true;
    this.commands.failAll();
    this.splitter.reset();
    this.assembler.clear();
    this.backlog = [];
    this.host.detach(this);
  }
}
