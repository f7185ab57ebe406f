import { connect, type Socket } from 'node:net';
import { encodeFileDataPacket, encodeMessage, encodeRtpPacket } from '@headway/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, type TestStore } from '../../test/helpers/database.ts';
import type { Gateway } from './gateway.ts';
import { startTestGateway } from './testing/fixture.ts';
import { TestTerminal } from './testing/terminal.ts';

// The JT/T 1078 media port and the T/JSATL 12 attachment port only account for traffic for now; the store is
// not involved, so SQLite alone is enough here.

async function open(port: number): Promise<Socket> {
  const socket = connect({ port, host: '127.0.0.1' });
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('gateway side ports', () => {
  let t: TestStore;
  let gateway: Gateway;

  beforeAll(async () => {
    t = await createTestStore('sqlite');
    gateway = await startTestGateway(t.store);
  });
  afterAll(async () => {
    await gateway.stop();
    await t.drop();
  });

  it('accounts for JT/T 1078 stream packets per terminal, skipping garbage', async () => {
    // The media port takes streams the platform asked for (video/media-service.ts): ask as a 0x9101 would.
    gateway.media.prepare('013800138000', {
      msgId: 0x9101,
      body: { ip: '', tcpPort: 0, udpPort: 0, channel: 1, dataType: 0, streamType: 0 },
    });
    const socket = await open(gateway.ports.media);
    const packet = (seq: number) =>
      encodeRtpPacket({
        version: 2,
        padding: false,
        extension: false,
        csrcCount: 1,
        marker: true,
        payloadType: 98,
        seq,
        sim: '013800138000',
        channel: 1,
        dataType: 0,
        subpackageMark: 0,
        timestamp: seq * 40,
        lastIFrameInterval: 0,
        lastFrameInterval: 40,
        payload: new Uint8Array(500).fill(seq),
      });
    socket.write(Buffer.concat([packet(1), Buffer.from('garbage!'), packet(2), packet(3)]));
    await until(() => gateway.metrics.media.packets === 3);
    expect(gateway.metrics.media.terminals.get('013800138000')?.packets).toBe(3);
    expect(gateway.metrics.media.droppedBytes).toBe(8);
    socket.destroy();
    // A stream nobody asked for is not taken: the connection is closed at its first packet.
    const stray = await open(gateway.ports.media);
    const closed = new Promise<void>((resolve) => stray.once('close', () => resolve()));
    stray.on('error', () => {});
    stray.write(packet(1).map((b, i) => (i === 14 ? 2 : b)));
    await closed;
    expect(gateway.media.counters.refusedConnections).toBe(1);
  });

  it('answers attachment signalling and counts file bytes', async () => {
    const term = await TestTerminal.connect(gateway.ports.attachments, '013800138000');
    const info = term.send({ msgId: 0x1211, body: { name: '00_64_6401_0_abc.jpg', fileType: 0, size: 1000 } });
    expect((await term.ackOf(info)).body.result).toBe(0);
    term.write(
      encodeFileDataPacket({ fileName: '00_64_6401_0_abc.jpg', offset: 0, data: new Uint8Array(1000).fill(0x7e) }),
    );
    term.write(
      encodeMessage(
        { msgId: 0x1212, body: { name: '00_64_6401_0_abc.jpg', fileType: 0, size: 1000 } },
        { version: 2013, phone: '013800138000', flowId: 9 },
      ),
    );
    const done = await term.next((m) => m.msgId === 0x9212);
    expect(done.body).toMatchObject({ name: '00_64_6401_0_abc.jpg', result: 0, retransmit: [] });
    expect(gateway.metrics.attachments.fileBytes).toBe(1000);
    term.close();
  });
});
