import { RtpSplitter } from '@headway/protocol';
import { describe, expect, it } from 'vitest';
import type { ViewerHandle } from '../media/index.ts';
import { flvHeader, flvTag } from '../media/index.ts';
import { parseAdvertise, parseNodeUrls } from './options.ts';
import { MAX_PACKET_BODY, TalkPacketizer } from './talk-packets.ts';
import { FlvReader } from './testing/flv-reader.ts';
import { checkGrant, signGrant, type ViewerGrant } from './token.ts';
import { ViewerRelay } from './viewer-relay.ts';

const SECRET = Buffer.from('unit-test-secret');
const GRANT: ViewerGrant = {
  session: 7,
  company: 1,
  user: 3,
  sim: '13800000101',
  channel: 2,
  kind: 'live',
  stream: 0,
  endpoint: 'flv',
  node: 'node-a',
  exp: 1_000_100,
};

describe('viewer tokens', () => {
  it('opens with our signature until it expires', () => {
    const t = signGrant(SECRET, GRANT);
    expect(checkGrant(SECRET, t, 1_000_000)).toEqual({ ok: true, grant: GRANT });
    expect(checkGrant(SECRET, t, 1_000_101)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses another secret, a changed claim and garbage', () => {
    const t = signGrant(SECRET, GRANT);
    expect(checkGrant(Buffer.from('other'), t, 0)).toMatchObject({ ok: false, reason: 'forged' });
    const [body, mac] = t.split('.');
    const changed = Buffer.from(JSON.stringify({ ...GRANT, company: 2 })).toString('base64url');
    expect(body).not.toBe(changed);
    expect(checkGrant(SECRET, `${changed}.${mac}`, 0)).toMatchObject({ ok: false, reason: 'forged' });
    expect(checkGrant(SECRET, 'nonsense', 0)).toMatchObject({ ok: false, reason: 'forged' });
    expect(checkGrant(SECRET, '.', 0)).toMatchObject({ ok: false, reason: 'forged' });
  });
});

describe('talk packets', () => {
  it('cuts long audio into first/middle/last subpackages with running sequence numbers and sample timestamps', () => {
    const p = new TalkPacketizer('013800000101', 1);
    const first = p.packets(new Uint8Array(320).fill(1));
    const long = p.packets(new Uint8Array(MAX_PACKET_BODY * 2 + 100).fill(2));
    const splitter = new RtpSplitter();
    const got = [...first, ...long].flatMap((b) => splitter.push(b));
    expect(got.map((x) => x.subpackageMark)).toEqual([0, 1, 3, 2]);
    expect(got.map((x) => x.seq)).toEqual([0, 1, 2, 3]);
    expect(got.map((x) => x.timestamp)).toEqual([0, 40, 40, 40]);
    expect(got.every((x) => x.payloadType === 6 && x.dataType === 3 && x.channel === 1)).toBe(true);
    expect(got.every((x) => x.sim === '013800000101')).toBe(true);
    expect(got.map((x) => x.payload.length)).toEqual([320, MAX_PACKET_BODY, MAX_PACKET_BODY, 100]);
  });
});

describe('viewer relay', () => {
  const tag = (ts: number, key: boolean) => flvTag(9, ts, Uint8Array.of(key ? 0x17 : 0x27, 1, 0, 0, 0, 0xaa));
  const seq = (ts: number) => flvTag(9, ts, Uint8Array.of(0x17, 0, 0, 0, 0, 1));
  const join = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

  it('moves to another stream without a second file header, its time continuing after the last tag', () => {
    const reader = new FlvReader();
    let gone = false;
    const relay = new ViewerRelay({ write: (c) => reader.push(c), onGone: () => {}, close: () => (gone = true) }, 1);
    const handle = (onClose: () => void): ViewerHandle => ({
      id: 1,
      stats: { bytesOut: 0, tagsOut: 0, skippedTags: 0, resyncs: 0 },
      close: onClose,
    });
    // First stream: header, sequence header, keyframe at 0 and a frame at 40.
    relay.attach((sink) => {
      sink.write(join(flvHeader({ video: true, audio: false }), seq(0), tag(0, true)));
      sink.write(tag(40, false));
      // The old stream closing this viewer when it leaves must not end it.
      return handle(() => sink.close?.('closed'));
    });
    // Second stream starts its own clock at 5000.
    relay.attach((sink) => {
      sink.write(join(flvHeader({ video: true, audio: false }), seq(5000), tag(5000, true)));
      sink.write(tag(5040, false));
      return handle(() => {});
    });
    expect(gone).toBe(false);
    expect(relay.isClosed).toBe(false);
    expect(reader.tags.map((t) => t.timestamp)).toEqual([0, 0, 40, 80, 80, 120]);
    expect(reader.sequenceHeaders).toBe(2);
    expect(reader.keyframes).toBe(2);
  });
});

describe('settings', () => {
  it('reads the advertised media address and the node URLs', () => {
    expect(parseAdvertise('203.0.113.5:7612')).toEqual({ host: '203.0.113.5', port: 7612 });
    expect(parseAdvertise(':9000')).toEqual({ host: '', port: 9000 });
    expect(parseAdvertise('[2001:db8::1]:7612')).toEqual({ host: '2001:db8::1', port: 7612 });
    expect(parseAdvertise(undefined)).toEqual({ host: '', port: 0 });
    expect(() => parseAdvertise('a:99999')).toThrow();
    expect(parseNodeUrls('a=https://a.example.com/, b=http://10.0.0.2:8080')).toEqual(
      new Map([
        ['a', 'https://a.example.com'],
        ['b', 'http://10.0.0.2:8080'],
      ]),
    );
    expect(() => parseNodeUrls('a=ftp://x')).toThrow();
  });
});
