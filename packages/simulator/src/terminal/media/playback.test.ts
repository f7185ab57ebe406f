/**
 * Recordings (0x9205 → 0x1205) and playback (0x9201 → 0x1205 then the stream; 0x9202 control) of a simulated
 * terminal over its real JT/T 808 connection, to a real TCP media server.
 */
import type { PlaybackControl, PlaybackRequest, QueryResources } from '@headway/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../../test/platform.ts';
import { listRecordings, MAX_LISTED } from './recordings.ts';
import { expectOk, type MediaRig, type MediaServer, mediaRig, replyTo } from './test-kit.ts';

const PHONE = '013955507777';
const PACE = 20;
/** 2026-11-25 14:05:00 in the terminal's GMT+8. */
const NOW = Date.UTC(2026, 10, 25, 6, 5, 0);

const query = (over: Partial<QueryResources> = {}): QueryResources => ({
  channel: 0,
  start: '2026-11-25T13:00:00',
  end: '2026-11-25T14:00:00',
  alarmFlags: 0,
  videoAlarmFlags: 0,
  avType: 0,
  streamType: 0,
  storageType: 0,
  ...over,
});

describe('listRecordings', () => {
  const o = { channels: 4, now: NOW / 1000, utcOffsetMinutes: 480, bytesPerSecond: 70_000 };

  it('lists 10-minute files per channel in the span, up to the file being written', () => {
    const items = listRecordings(query({ end: '2026-11-25T15:00:00' }), o);
    // 13:00 … 14:00 is complete; 14:00–14:10 is still being written at 14:05.
    expect(items).toHaveLength(4 * 6);
    expect(items[0]).toEqual({
      channel: 1,
      start: '2026-11-25T13:00:00',
      end: '2026-11-25T13:10:00',
      alarmFlags: 0,
      videoAlarmFlags: 0,
      avType: 0,
      streamType: 1,
      storageType: 1,
      size: 42_000_000,
    });
    expect(items.at(-1)).toMatchObject({ channel: 4, start: '2026-11-25T13:50:00', end: '2026-11-25T14:00:00' });
  });

  it('filters by channel and overlapping span, treats zero times as no bound, caps long answers', () => {
    expect(
      listRecordings(query({ channel: 2, start: '2026-11-25T13:05:00', end: '2026-11-25T13:15:00' }), o),
    ).toHaveLength(2);
    expect(listRecordings(query({ channel: 9 }), o)).toEqual([]);
    expect(listRecordings(query({ alarmFlags: 1 }), o)).toEqual([]);
    expect(listRecordings(query({ streamType: 2 }), o)).toEqual([]);
    const all = listRecordings(query({ start: '2000-00-00T00:00:00', end: '2000-00-00T00:00:00' }), o);
    expect(all).toHaveLength(MAX_LISTED);
    expect(
      listRecordings(query({ channel: 1, start: '2000-00-00T00:00:00', end: '2000-00-00T00:00:00' }), o),
    ).toHaveLength((3 * 86_400) / 600);
  });
});

let rig: MediaRig;
let platform: TestPlatform;
let media: MediaServer;

beforeEach(async () => {
  rig = await mediaRig(PHONE, PACE, () => NOW);
  ({ platform, media } = rig);
});
afterEach(() => rig.close());

function playback(over: Partial<PlaybackRequest> = {}): number {
  const body: PlaybackRequest = {
    ip: '127.0.0.1',
    tcpPort: media.port,
    udpPort: 0,
    channel: 2,
    avType: 0,
    streamType: 0,
    storageType: 0,
    playbackMode: 0,
    speed: 0,
    start: '2026-11-25T13:00:00',
    end: '2026-11-25T13:00:03',
    ...over,
  };
  return platform.command(PHONE, { msgId: 0x9201, body });
}

async function control(body: Partial<PlaybackControl>): Promise<void> {
  const full = { channel: 2, control: 0, speed: 0, seekTime: '2000-00-00T00:00:00', ...body };
  await expectOk(platform, platform.command(PHONE, { msgId: 0x9202, body: full }), 0x9202);
}

describe('recordings and playback over the JT/T 808 link', () => {
  it('answers 0x9205 with a 0x1205 list (fragmented when long)', async () => {
    const flowId = platform.command(PHONE, { msgId: 0x9205, body: query({ start: '2026-11-25T10:00:00' }) });
    const reply = await replyTo(platform, flowId, 0x9205);
    if (reply.msgId !== 0x1205) throw new Error(`got ${reply.msgId.toString(16)}`);
    expect(reply.body.total).toBe(4 * 24);
    expect(reply.body.items).toHaveLength(4 * 24);
    expect(reply.body.items[0]).toMatchObject({ channel: 1, start: '2026-11-25T10:00:00' });
  });

  it('plays the asked span on 0x9201 (answered with its 0x1205) and closes the connection at its end', async () => {
    const reply = await replyTo(platform, playback(), 0x9201);
    expect(reply).toMatchObject({ msgId: 0x1205, body: { total: 1, items: [{ channel: 2 }] } });
    await expect.poll(() => media.connections[0]?.closed).toBe(true);
    const got = media.connections[0]!.packets;
    expect(got[0]).toMatchObject({ sim: PHONE, channel: 2, dataType: 0, timestamp: 0 });
    expect(got.every((p) => p.timestamp! <= 3000)).toBe(true);
    expect(got.filter((p) => p.dataType !== 3).at(-1)!.timestamp).toBeGreaterThan(2900);
    expect(rig.terminal.media.playback.channels).toEqual([]);
  });

  it('sends one I-frame for a single-frame request, and I-frames only in key-frame mode', async () => {
    await replyTo(platform, playback({ playbackMode: 4 }), 0x9201);
    await expect.poll(() => media.connections[0]?.closed).toBe(true);
    expect(media.connections[0]!.packets.map((p) => [p.dataType, p.timestamp])).toEqual([[0, 0]]);

    await replyTo(platform, playback({ playbackMode: 3, speed: 2, end: '2026-11-25T13:00:09' }), 0x9201);
    await expect.poll(() => media.connections[1]?.closed).toBe(true);
    const keys = media.connections[1]!.packets;
    expect(keys.length).toBeGreaterThan(7);
    expect(keys.every((p) => p.dataType === 0)).toBe(true);
  });

  it('pauses with the position frozen, resumes where it stopped, and stops on 0x9202', async () => {
    await replyTo(platform, playback({ end: '2026-11-25T14:00:00' }), 0x9201);
    await expect.poll(() => media.connections[0]?.packets.length ?? 0).toBeGreaterThan(50);
    const c = media.connections[0]!;
    await control({ control: 1 });
    await new Promise((r) => setTimeout(r, 100));
    const paused = c.packets.length;
    const lastTs = c.packets.at(-1)!.timestamp!;
    await new Promise((r) => setTimeout(r, 400));
    expect(c.packets.length).toBe(paused);
    await control({ control: 0 });
    await expect.poll(() => c.packets.length).toBeGreaterThan(paused + 20);
    // No jump: 400 ms × 20 = 8 s of recording would have passed had the clock run on.
    expect(c.packets[paused]!.timestamp! - lastTs).toBeLessThan(200);
    expect(c.packets[paused]!.seq).toBe(paused);
    await control({ control: 2 });
    await expect.poll(() => c.closed).toBe(true);
  });

  it('seeks within the recording and continues from an I-frame', async () => {
    await replyTo(platform, playback({ end: '2026-11-25T14:00:00' }), 0x9201);
    await expect.poll(() => media.connections[0]?.packets.length ?? 0).toBeGreaterThan(20);
    const c = media.connections[0]!;
    await control({ control: 5, seekTime: '2026-11-25T13:10:00' });
    const video = () => c.packets.filter((p) => p.dataType !== 3);
    await expect.poll(() => video().some((p) => p.timestamp! >= 600_000)).toBe(true);
    // Nothing from between the old position and 13:10 was sent; video picks up at an I-frame.
    expect(video().find((p) => p.timestamp! >= 600_000)).toMatchObject({ dataType: 0 });
    expect(c.packets.some((p) => p.timestamp! > 10_000 && p.timestamp! < 590_000)).toBe(false);
  });
});
