import { type DecodedMessage, GeneralResult, type Jt808Message, type QueryResources } from '@headway/protocol';
import { shippedCapture } from './capture.ts';
import { LiveVideo, simField } from './live-video.ts';
import { Playback } from './playback.ts';
import { listRecordings } from './recordings.ts';

type Incoming = Extract<DecodedMessage, { kind: 'message' }>;

export interface TerminalMediaOptions {
  phone: string;
  /** Host of the terminal's JT/T 808 connection: the fallback media server address. */
  host: string;
  utcOffsetMinutes: number;
  /** Camera channels (0x1003 announces 4). */
  channels: number;
  /** Capture ms per wall ms (1 real time; tests go faster). */
  pace?: number;
  /** Wall clock in ms. */
  now: () => number;
  onError?: () => void;
}

/**
 * A terminal's JT/T 1078 side: answers 0x9101/0x9102 (live video), 0x9205 (recordings) and 0x9201/0x9202
 * (playback), and streams the shipped capture. The answer goes out before any media connection is tried.
 */
/**
 * JT/T 1078 has no flip message: the platform writes a BYTE parameter (0 none, 1 horizontal, 2 vertical, 3 both)
 * with id base + channel in JT/T 808's user-defined range (docs/media.md "Flip"; HEADWAY_MEDIA_FLIP_PARAM).
 */
export function flipParamBase(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.HEADWAY_MEDIA_FLIP_PARAM ?? '');
  return Number.isInteger(n) && n > 0 && n <= 0xffff - 64 ? n : 0xf0a0;
}

export class TerminalMedia {
  readonly live: LiveVideo;
  readonly playback: Playback;
  /** Each camera's image flip as the platform last set it (channel → 0–3). */
  readonly flips = new Map<number, number>();
  private readonly flipBase = flipParamBase();

  constructor(private readonly options: TerminalMediaOptions) {
    this.live = new LiveVideo({
      phone: options.phone,
      host: options.host,
      pace: options.pace,
      onError: options.onError,
    });
    this.playback = new Playback({
      ...simField(options.phone),
      host: options.host,
      utcOffsetMinutes: options.utcOffsetMinutes,
      pace: options.pace,
      onError: options.onError,
    });
  }

  /** The replies to a JT/T 1078 command (work started), or undefined for any other message. */
  answer(m: Incoming): Jt808Message[] | undefined {
    const replyFlowId = m.header.flowId;
    const ok: Jt808Message = { msgId: 0x0001, body: { replyFlowId, replyMsgId: m.msgId, result: GeneralResult.ok } };
    switch (m.msgId) {
      case 0x9101:
        this.live.request(m.body);
        return [ok];
      case 0x9102:
        this.live.control(m.body);
        return [ok];
      case 0x9205:
        return [this.resourceList(replyFlowId, m.body)];
      case 0x9201:
        this.playback.request(m.body);
        // The text answers a playback request with the resource list of what will be played (reference §2.1).
        return [
          this.resourceList(replyFlowId, {
            channel: m.body.channel,
            start: m.body.start,
            end: m.body.end,
            alarmFlags: 0,
            videoAlarmFlags: 0,
            avType: m.body.avType,
            streamType: m.body.streamType,
            storageType: m.body.storageType,
          }),
        ];
      case 0x9202:
        this.playback.control(m.body);
        return [ok];
      case 0x8103:
        this.rememberFlips(m.body.params);
        // The parameter write itself is acknowledged (and kept) by the terminal's command answers.
        return undefined;
      default:
        return undefined;
    }
  }

  private rememberFlips(params: readonly { id: number; value: number | string | Uint8Array }[]): void {
    for (const p of params) {
      const channel = p.id - this.flipBase;
      if (channel < 1 || channel > 255) continue;
      const value = typeof p.value === 'number' ? p.value : p.value instanceof Uint8Array ? p.value[0] : undefined;
      if (value !== undefined && value >= 0 && value <= 3) this.flips.set(channel, value);
    }
  }

  /** The terminal is switched off. */
  closeAll(): void {
    this.live.closeAll();
    this.playback.closeAll();
  }

  private resourceList(replyFlowId: number, query: QueryResources): Jt808Message {
    const items = listRecordings(query, {
      channels: this.options.channels,
      now: Math.floor(this.options.now() / 1000),
      utcOffsetMinutes: this.options.utcOffsetMinutes,
      bytesPerSecond: shippedCapture().bytesPerSecond,
    });
    return { msgId: 0x1205, body: { replyFlowId, total: items.length, items } };
  }
}
