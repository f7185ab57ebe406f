/**
 * A simulated terminal on a real JT/T 808 connection gets real 0x9101/0x9102 frames and streams to a real TCP media
 * server; what arrives is cut with the protocol's own splitter.
 */
import {
  encodeRtpPacket,
  type LiveVideoControl,
  type LiveVideoRequest,
  RtpFrameAssembler,
  type RtpPacket,
} from '@headway/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../../test/platform.ts';
import type { VirtualTerminal } from '../terminal.ts';
import { shippedCapture } from './capture.ts';
import { expectOk, type MediaConnection, type MediaRig, type MediaServer, mediaRig } from './test-kit.ts';

const PHONE = '013955501234';
/** 20× real time: one round of the 4.3 s capture in ~215 ms. */
const PACE = 20;
const clip = shippedCapture();

let rig: MediaRig;
let platform: TestPlatform;
let media: MediaServer;
let terminal: VirtualTerminal;

beforeEach(async () => {
  rig = await mediaRig(PHONE, PACE);
  ({ platform, media, terminal } = rig);
});
afterEach(() => rig.close());

async function request(over: Partial<LiveVideoRequest> = {}): Promise<void> {
  const body = { ip: '127.0.0.1', tcpPort: media.port, udpPort: 0, channel: 1, dataType: 0, streamType: 0, ...over };
  await expectOk(platform, platform.command(PHONE, { msgId: 0x9101, body }), 0x9101);
}

async function control(body: LiveVideoControl): Promise<void> {
  await expectOk(platform, platform.command(PHONE, { msgId: 0x9102, body }), 0x9102);
}

function videoOf(c: MediaConnection): RtpPacket[] {
  return c.packets.filter((p) => p.dataType !== 3);
}

describe('live video from a simulated terminal (0x9101 / 0x9102)', () => {
  it('streams the capture on the requested channel with its SIM, looping with timestamps running on', async () => {
    await request({ channel: 3 });
    await expect.poll(() => media.connections[0]?.packets.length ?? 0).toBeGreaterThan(2 * 540 + 50);
    const got = media.connections[0]!.packets;
    expect(got.every((p) => p.sim === PHONE && p.channel === 3)).toBe(true);
    expect(got.filter((p) => p.dataType === 0).length).toBeGreaterThan(0);
    expect(got.some((p) => p.dataType === 3)).toBe(true);
    expect(got.slice(0, 1200).map((p) => p.seq)).toEqual(got.slice(0, 1200).map((_, i) => i));
    // The frames join up as the media port will join them: two whole rounds of 102 pictures.
    const assembler = new RtpFrameAssembler();
    const frames = got.map((p) => assembler.push(p)).filter((f) => f && f.dataType <= 2);
    expect(frames.length).toBeGreaterThanOrEqual(2 * 102);
    for (const track of [[0, 1, 2], [3]]) {
      const ts = got.filter((p) => track.includes(p.dataType)).map((p) => p.timestamp!);
      expect(ts.every((t, i) => i === 0 || t >= ts[i - 1]!)).toBe(true);
      expect(ts.at(-1)!).toBeGreaterThan(2 * clip.period);
    }
  });

  it('opens one connection per channel, and a repeated request changes nothing', async () => {
    await request({ channel: 1 });
    await request({ channel: 2, dataType: 1 });
    await request({ channel: 1 });
    await expect.poll(() => media.connections.filter((c) => c.packets.length > 50).length).toBe(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(media.connections).toHaveLength(2);
    const channels = media.connections.map((c) => c.packets[0]!.channel).sort();
    expect(channels).toEqual([1, 2]);
    const videoOnly = media.connections.find((c) => c.packets[0]!.channel === 2)!;
    expect(videoOnly.packets.some((p) => p.dataType === 3)).toBe(false);
    expect(terminal.media.live.streams.map((s) => s.channel).sort()).toEqual([1, 2]);
  });

  it('connects to the 808 gateway host when the platform announces 0.0.0.0', async () => {
    await request({ ip: '0.0.0.0', channel: 4 });
    await expect.poll(() => media.connections[0]?.packets.length ?? 0).toBeGreaterThan(10);
    expect(media.connections[0]!.packets[0]!.channel).toBe(4);
  });

  it('closes the channel on 0x9102 control 0, and its audio alone with close type 1', async () => {
    await request({ channel: 1 });
    await request({ channel: 2 });
    await expect.poll(() => media.connections.filter((c) => c.packets.length > 20).length).toBe(2);
    const ch2 = media.connections.find((c) => c.packets[0]!.channel === 2)!;
    await control({ channel: 2, command: 0, closeType: 0, switchStream: 0 });
    await expect.poll(() => ch2.closed).toBe(true);
    expect(media.open().map((c) => c.packets[0]!.channel)).toEqual([1]);

    const ch1 = media.open()[0]!;
    await control({ channel: 1, command: 0, closeType: 1, switchStream: 0 });
    const mark = ch1.packets.length;
    await new Promise((r) => setTimeout(r, 400));
    expect(ch1.closed).toBe(false);
    expect(ch1.packets.length).toBeGreaterThan(mark + 100);
    // Packets in flight when the control arrived may still be audio; a moment later only video comes.
    expect(ch1.packets.slice(-50).some((p) => p.dataType === 3)).toBe(false);
  });

  it('pauses and resumes: nothing flows while paused, then video restarts at an I-frame', async () => {
    await request({ channel: 1 });
    await expect.poll(() => media.connections[0]?.packets.length ?? 0).toBeGreaterThan(100);
    const c = media.connections[0]!;
    await control({ channel: 1, command: 2, closeType: 0, switchStream: 0 });
    await new Promise((r) => setTimeout(r, 100));
    const paused = c.packets.length;
    await new Promise((r) => setTimeout(r, 400));
    expect(c.packets.length).toBe(paused);
    expect(terminal.media.live.streams[0]).toMatchObject({ paused: true });
    await control({ channel: 1, command: 3, closeType: 0, switchStream: 0 });
    await expect.poll(() => c.packets.length).toBeGreaterThan(paused + 100);
    expect(c.packets.slice(paused).find((p) => p.dataType !== 3)).toMatchObject({ dataType: 0 });
    expect(c.closed).toBe(false);
  });

  it('switches to the sub stream on a new connection and closes the main one', async () => {
    await request({ channel: 1, streamType: 0 });
    await expect.poll(() => media.connections[0]?.packets.length ?? 0).toBeGreaterThan(20);
    await control({ channel: 1, command: 1, closeType: 0, switchStream: 1 });
    await expect.poll(() => media.connections[0]!.closed).toBe(true);
    await expect.poll(() => media.connections[1]?.packets.length ?? 0).toBeGreaterThan(20);
    const sub = media.connections[1]!;
    // A new connection starts at the beginning of the clip: an I-frame first.
    expect(videoOf(sub)[0]).toMatchObject({ dataType: 0, channel: 1, seq: 0 });
    expect(terminal.media.live.streams).toMatchObject([{ channel: 1, streamType: 1, dataType: 0 }]);
  });

  it("sends only audio for a talk request, echoes the platform's voice, and closes on close talk (control 4)", async () => {
    await request({ channel: 1, dataType: 2 });
    await expect.poll(() => media.connections[0]?.packets.length ?? 0).toBeGreaterThan(20);
    const talk = media.connections[0]!;
    expect(talk.packets.every((p) => p.dataType === 3)).toBe(true);
    // The platform speaks (G.711A silence, 20 ms frames); the terminal sends the same audio back on its stream.
    const voice = new Uint8Array(160).fill(0xd5);
    for (let i = 0; i < 5; i++) {
      talk.socket.write(
        encodeRtpPacket({
          version: 2,
          padding: false,
          extension: false,
          csrcCount: 1,
          marker: true,
          payloadType: 6,
          seq: i,
          sim: '000000000000',
          channel: 1,
          dataType: 3,
          subpackageMark: 0,
          timestamp: i * 20,
          payload: voice,
        }),
      );
    }
    await expect.poll(() => talk.packets.filter((p) => p.payload.every((b) => b === 0xd5)).length).toBe(5);
    const echoed = talk.packets.filter((p) => p.payload.every((b) => b === 0xd5));
    expect(echoed.every((p) => p.sim === PHONE && p.channel === 1 && p.payloadType === 6)).toBe(true);
    const seqs = talk.packets.map((p) => p.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i));
    await control({ channel: 1, command: 4, closeType: 0, switchStream: 0 });
    await expect.poll(() => talk.closed).toBe(true);
    expect(terminal.media.live.streams).toEqual([]);
  });

  it('closes every media connection when the terminal is switched off', async () => {
    await request({ channel: 1 });
    await request({ channel: 2 });
    await expect.poll(() => media.connections.filter((c) => c.packets.length > 0).length).toBe(2);
    terminal.stop();
    await expect.poll(() => media.connections.every((c) => c.closed)).toBe(true);
  });
});
