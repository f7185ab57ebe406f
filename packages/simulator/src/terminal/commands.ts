import {
  type DecodedMessage,
  GeneralResult,
  type Jt808Message,
  type LocationReport,
  type Param,
  type RegionQueryAnswer,
  type SetCircleAreas,
  type SetRectangleAreas,
} from '@headway/protocol';
import { COMM_MODULE_BITS, GNSS_MODULE_BITS, TERMINAL_TYPE_BITS, wordOf } from '@headway/spec';
import type { ParamValue } from './parameters.ts';

/** What a command handler may read and change on its terminal. */
export interface CommandTarget {
  params: Map<number, ParamValue>;
  terminalId: string;
  phone: string;
  iccid: string;
  /** A location report for "now" (0x8201 answers, 0x0801 media position). */
  location(): LocationReport;
  /** Takes a picture on a channel at a 0x8801 resolution code (1–8): JPEG bytes. */
  snapshot(channel: number, resolution: number): Uint8Array;
  nextMediaId(): number;
  texts: { flag: number; text: string; at: number }[];
  /** A text arrived: the driver may answer it later (0x6006), as people do. */
  heardText(text: string): void;
  regions: Map<number, { msgId: number; body: unknown }>;
  /** 0x8202 temporary tracking: report every `interval` s for `validity` s (0 interval stops it). */
  track(interval: number, validity: number): void;
}

type Incoming = Extract<DecodedMessage, { kind: 'message' }>;

/**
 * Answers a platform command the way a real bus terminal does (JT/T 808 §8): queries get their data message,
 * settings get a 0x0001 general response, and a snapshot gets 0x0805 then the picture as 0x0801.
 * Returns the messages to send in order.
 */
export function answerCommand(m: Incoming, t: CommandTarget, now: number): Jt808Message[] {
  const replyFlowId = m.header.flowId;
  const ok = (result: number = GeneralResult.ok): Jt808Message => ({
    msgId: 0x0001,
    body: { replyFlowId, replyMsgId: m.msgId, result },
  });
  switch (m.msgId) {
    case 0x8103: {
      for (const p of m.body.params) {
        if (typeof p.value === 'number' || typeof p.value === 'string') t.params.set(p.id, p.value);
      }
      return [ok()];
    }
    case 0x8104:
      return [paramsResponse(replyFlowId, t, [...t.params.keys()])];
    case 0x8106:
      return [paramsResponse(replyFlowId, t, m.body.ids)];
    case 0x8107:
      return [
        {
          msgId: 0x0107,
          body: {
            terminalType: wordOf(TERMINAL_TYPE_BITS, ['passenger']),
            maker: 'HDWAY',
            model: 'HW-SIM-808',
            terminalId: t.terminalId,
            iccid: t.iccid,
            hwVersion: '1.0',
            fwVersion: '2.4.1',
            gnssAttr: wordOf(GNSS_MODULE_BITS, ['gps', 'bds']),
            commAttr: wordOf(COMM_MODULE_BITS, ['tdLte']),
          },
        },
      ];
    case 0x9003:
      return [
        {
          msgId: 0x1003,
          body: {
            audioCodec: 6, // G.711A
            audioChannels: 1,
            audioSampleRate: 0,
            audioSampleBits: 1,
            audioFrameLength: 320,
            audioOutput: 1,
            videoCodec: 98, // H.264
            maxAudioChannels: 1,
            maxVideoChannels: 4,
          },
        },
      ];
    case 0x8300:
      t.texts.push({ flag: m.body.flag, text: m.body.text, at: now });
      t.heardText(m.body.text);
      return [ok()];
    case 0x8201:
      return [{ msgId: 0x0201, body: { ...t.location(), replyFlowId } }];
    case 0x8202:
      t.track(m.body.interval, m.body.validity ?? 0);
      return [ok()];
    case 0x8105:
      return [ok()];
    case 0x8600:
    case 0x8602:
    case 0x8604:
    case 0x8606:
      t.regions.set(regionKey(m.msgId, m.body), { msgId: m.msgId, body: m.body });
      return [ok()];
    case 0x8601:
    case 0x8603:
    case 0x8605:
    case 0x8607: {
      const kind = m.msgId - 1;
      for (const [key, region] of t.regions) {
        if (region.msgId === kind && (m.body.ids.length === 0 || m.body.ids.includes(key % 1_000_000_000))) {
          t.regions.delete(key);
        }
      }
      return [ok()];
    }
    case 0x8608: {
      const answer = heldRegions(t, m.body.type, m.body.ids);
      // A 2019 query type outside 1–4 has no answer layout: refuse it as unsupported.
      return answer ? [{ msgId: 0x0608, body: answer }] : [ok(GeneralResult.unsupported)];
    }
    case 0x8801: {
      const count = m.body.command === 0 || m.body.command === 0xffff ? 0 : Math.min(m.body.command, 3);
      const ids = Array.from({ length: count }, () => t.nextMediaId());
      const out: Jt808Message[] = [{ msgId: 0x0805, body: { replyFlowId, result: 0, mediaIds: ids } }];
      for (const mediaId of ids) {
        out.push({
          msgId: 0x0801,
          body: {
            mediaId,
            mediaType: 0,
            format: 0,
            event: 0,
            channel: m.body.channel,
            location: t.location(),
            data: t.snapshot(m.body.channel, m.body.resolution),
          },
        });
      }
      return out;
    }
    case 0x8800:
    case 0x8001:
    case 0x8100:
    case 0x8003:
      return [];
    default:
      // File upload (0x9206) and other requests: accepted, nothing sent. Live video and playback (0x9101/0x9102,
      // 0x9205/0x9201/0x9202) are answered before this, by the terminal's media (terminal/media/).
      return [ok()];
  }
}

function paramsResponse(replyFlowId: number, t: CommandTarget, ids: number[]): Jt808Message {
  const params: Param[] = [];
  for (const id of ids) {
    const value = t.params.get(id);
    if (value !== undefined) params.push({ id, value });
  }
  return { msgId: 0x0104, body: { replyFlowId, paramCount: params.length, params } };
}

/** Regions are keyed by kind and id so a circle 1 and a polygon 1 can coexist. */
function regionKey(msgId: number, body: unknown): number {
  const b = body as { areas?: { id: number }[]; id?: number; routeId?: number };
  const id = b.areas?.[0]?.id ?? b.id ?? b.routeId ?? 0;
  return (msgId - 0x8600) * 1_000_000_000 + id;
}

/**
 * The 0x0608 answer to a 0x8608 query: the held areas of that kind (one stored 0x8600/0x8602 may carry several),
 * those named by `ids` or all of them, a later copy of an id replacing an earlier one.
 */
function heldRegions(t: CommandTarget, type: number, ids: number[]): RegionQueryAnswer | undefined {
  if (type < 1 || type > 4) return undefined;
  const kind = 0x8600 + (type - 1) * 2;
  const byId = new Map<number, { id: number }>();
  for (const region of t.regions.values()) {
    if (region.msgId !== kind) continue;
    const items =
      type <= 2 ? (region.body as SetCircleAreas | SetRectangleAreas).areas : [region.body as { id: number }];
    for (const item of items) if (ids.length === 0 || ids.includes(item.id)) byId.set(item.id, item);
  }
  // The stored bodies were decoded as `kind`, so their items are of the asked type.
  return { type, items: [...byId.values()] } as RegionQueryAnswer;
}
