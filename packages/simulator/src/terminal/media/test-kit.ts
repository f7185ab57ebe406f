/**
 * Test fixtures for the media side (not part of the simulator): a real TCP media server that cuts what it receives
 * with the protocol's splitter, and a simulated terminal online on a TestPlatform.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { type RtpPacket, RtpSplitter } from '@headway/protocol';
import { expect } from 'vitest';
import { TestPlatform } from '../../../test/platform.ts';
import { Rng } from '../../motion/rng.ts';
import { FleetStats } from '../stats.ts';
import { VirtualTerminal } from '../terminal.ts';

/** One media connection as the server saw it. */
export interface MediaConnection {
  socket: Socket;
  packets: RtpPacket[];
  closed: boolean;
}

export class MediaServer {
  readonly connections: MediaConnection[] = [];
  port = 0;
  private readonly server: Server = createServer((socket) => {
    const c: MediaConnection = { socket, packets: [], closed: false };
    const splitter = new RtpSplitter();
    this.connections.push(c);
    socket.on('data', (chunk) => c.packets.push(...splitter.push(chunk)));
    socket.on('error', () => {});
    socket.on('close', () => {
      c.closed = true;
    });
  });

  listen(): Promise<void> {
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () => {
        const a = this.server.address();
        this.port = typeof a === 'object' && a ? a.port : 0;
        resolve();
      }),
    );
  }

  open(): MediaConnection[] {
    return this.connections.filter((c) => !c.closed);
  }

  close(): Promise<void> {
    for (const c of this.connections) c.socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export interface MediaRig {
  platform: TestPlatform;
  media: MediaServer;
  terminal: VirtualTerminal;
  close(): Promise<void>;
}

/** A platform, a media server and one terminal online, the capture played `pace` times faster than real time. */
export async function mediaRig(phone: string, pace: number, now?: () => number): Promise<MediaRig> {
  const platform = new TestPlatform();
  await platform.listen();
  const media = new MediaServer();
  await media.listen();
  const terminal = new VirtualTerminal({
    phone,
    version: 2013,
    terminalId: phone.slice(-7),
    plate: 'NY-1078',
    imei: `86${phone.padStart(13, '0')}`,
    host: '127.0.0.1',
    port: platform.port,
    interval: 10,
    rng: new Rng(phone),
    stats: new FleetStats(),
    motion: () => {
      throw new Error('no reports in these tests');
    },
    mediaPace: pace,
    now,
  });
  terminal.start();
  await terminal.whenOnline();
  return {
    platform,
    media,
    terminal,
    async close() {
      terminal.stop();
      await media.close();
      await platform.close();
    },
  };
}

/** Waits for the terminal's reply to the command sent with `flowId`; returns it. */
export async function replyTo(platform: TestPlatform, flowId: number, replyMsgId: number) {
  return platform.waitFor(
    (m) =>
      (m.msgId === 0x0001 && m.body.replyFlowId === flowId && m.body.replyMsgId === replyMsgId) ||
      (m.msgId === 0x1205 && m.body.replyFlowId === flowId),
  );
}

/** Expects a 0x0001 result 0 for the command sent with `flowId`. */
export async function expectOk(platform: TestPlatform, flowId: number, msgId: number): Promise<void> {
  const reply = await replyTo(platform, flowId, msgId);
  expect(reply).toMatchObject({ msgId: 0x0001, body: { result: 0 } });
}
