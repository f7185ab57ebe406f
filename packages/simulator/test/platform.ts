import { createServer, type Server, type Socket } from 'node:net';
import {
  AttachmentSplitter,
  type DecodedMessage,
  decodeBody,
  decodeFrame,
  encodeMessage,
  encodePlatformResponse,
  FrameSplitter,
  type Jt808Header,
  type Jt808Message,
  replyOptions,
  SubpackageAssembler,
} from '@headway/protocol';

type Msg = Extract<DecodedMessage, { kind: 'message' }>;

/**
 * A tiny JT/T 808 platform for tests: a real TCP server that registers every terminal, accepts its token, acks
 * reports (unless told to hold acks) and lets the test send commands and read what came back.
 */
export class TestPlatform {
  readonly received: Msg[] = [];
  readonly sessions = new Map<string, { socket: Socket; header: Jt808Header }>();
  /** Source address of every connection accepted. */
  readonly remoteAddresses = new Set<string>();
  holdAcks = false;
  /** T/JSATL 12 attachment server: signalling received and file bytes per file name. */
  readonly attachmentFrames: Msg[] = [];
  readonly attachmentBytes = new Map<string, number>();
  /** The files as written at their offsets. */
  readonly attachmentData = new Map<string, Buffer>();
  attachmentPort = 0;
  private attachmentServer: Server;
  private server: Server;
  private flowId = 0;
  private listeners: ((m: Msg) => void)[] = [];
  port = 0;

  constructor() {
    this.attachmentServer = createServer((socket) => this.serveAttachments(socket));
    this.server = createServer((socket) => {
      const splitter = new FrameSplitter({ maxFrameSize: 8192 });
      const assembler = new SubpackageAssembler();
      if (socket.remoteAddress) this.remoteAddresses.add(socket.remoteAddress);
      socket.on('error', () => {});
      socket.on('data', (chunk) => {
        for (const frame of splitter.push(chunk)) {
          const r = decodeFrame(frame);
          if (!r.ok) continue;
          const m = r.message;
          if (m.kind === 'message') this.handle(socket, m);
          else if (m.kind === 'fragment') {
            const a = assembler.push(m.header, m.body);
            if (a.status !== 'complete') continue;
            const d = decodeBody(a.header.msgId, a.body, a.header);
            if (d.ok) this.handle(socket, { ...d.message, kind: 'message', header: a.header } as Msg);
          }
        }
      });
    });
  }

  listen(): Promise<number> {
    this.attachmentServer.listen(0, '127.0.0.1', () => {
      const a = this.attachmentServer.address();
      this.attachmentPort = typeof a === 'object' && a ? a.port : 0;
    });
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () => {
        const address = this.server.address();
        this.port = typeof address === 'object' && address ? address.port : 0;
        resolve(this.port);
      }),
    );
  }

  close(): Promise<void> {
    for (const s of this.sessions.values()) s.socket.destroy();
    this.attachmentServer.close();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Drops every connection (a gateway restart). */
  dropAll(): void {
    for (const s of this.sessions.values()) s.socket.destroy();
    this.sessions.clear();
  }

  private serveAttachments(socket: Socket): void {
    const splitter = new AttachmentSplitter();
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      for (const unit of splitter.push(chunk)) {
        if (unit.kind === 'file-data') {
          const name = unit.packet.fileName;
          this.attachmentBytes.set(name, (this.attachmentBytes.get(name) ?? 0) + unit.packet.data.length);
          const end = unit.packet.offset + unit.packet.data.length;
          let file = this.attachmentData.get(name) ?? Buffer.alloc(0);
          if (file.length < end) file = Buffer.concat([file, Buffer.alloc(end - file.length)]);
          file.set(unit.packet.data, unit.packet.offset);
          this.attachmentData.set(name, file);
          continue;
        }
        const r = decodeFrame(unit.bytes);
        if (!r.ok || r.message.kind !== 'message') continue;
        const m = r.message;
        this.attachmentFrames.push(m);
        if (m.msgId === 0x1212) {
          const body = { name: m.body.name, fileType: m.body.fileType, result: 0, retransmit: [] };
          socket.write(encodeMessage({ msgId: 0x9212, body }, replyOptions(m.header, this.nextFlowId())));
        } else socket.write(encodePlatformResponse(m.header, this.nextFlowId()));
      }
    });
  }

  waitFor(predicate: (m: Msg) => boolean, timeoutMs = 5000): Promise<Msg> {
    const found = this.received.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `timed out waiting for a message; got ${this.received.map((m) => m.msgId.toString(16)).join(' ')}`,
            ),
          ),
        timeoutMs,
      );
      const listener = (m: Msg) => {
        if (!predicate(m)) return;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listener);
        resolve(m);
      };
      this.listeners.push(listener);
    });
  }

  /** Sends a command to a terminal; returns the flow id it used. */
  command(phone: string, message: Jt808Message): number {
    const s = this.sessions.get(phone);
    if (!s) throw new Error(`terminal ${phone} is not connected`);
    const flowId = this.nextFlowId();
    s.socket.write(encodeMessage(message, replyOptions(s.header, flowId)));
    return flowId;
  }

  private nextFlowId(): number {
    this.flowId = (this.flowId + 1) & 0xffff;
    return this.flowId;
  }

  private handle(socket: Socket, m: Msg): void {
    this.received.push(m);
    this.sessions.set(m.header.phone, { socket, header: m.header });
    if (m.msgId === 0x0100) {
      socket.write(
        encodeMessage(
          { msgId: 0x8100, body: { replyFlowId: m.header.flowId, result: 0, token: `tok-${m.header.phone}` } },
          replyOptions(m.header, this.nextFlowId()),
        ),
      );
    } else if (m.msgId === 0x0102) {
      const ok = m.body.token === `tok-${m.header.phone}`;
      socket.write(encodePlatformResponse(m.header, this.nextFlowId(), ok ? 0 : 1));
    } else if (m.msgId === 0x0200 || m.msgId === 0x0704 || m.msgId === 0x0002) {
      if (!this.holdAcks || m.msgId === 0x0002) socket.write(encodePlatformResponse(m.header, this.nextFlowId()));
    }
    for (const l of [...this.listeners]) l(m);
  }
}
