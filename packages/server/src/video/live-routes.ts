import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Jt808Message } from '@headway/protocol';
import type { FastifyRequest } from 'fastify';
import { exchange } from '../commands/device/exchange.ts';
import { DataQuery, payloadOf } from '../commands/device/payload.ts';
import { FlipData, LiveControlData, type LiveControlRow, LivePlayData, type LivePlayRow } from '../contract/video.ts';
import { ok } from '../kernel/envelope.ts';
import { isApiError } from '../kernel/errors.ts';
import type { Services } from '../services.ts';
import { VIDEO_VIEW } from './access.ts';
import { simKey } from './media-service.ts';
import type { VideoOptions } from './options.ts';
import {
  hasCapability,
  localNode,
  mediaNodeOf,
  requireCapability,
  requireMediaNode,
  UrlMinter,
  videoCall,
} from './video-target.ts';

// Live video (spec section 7 "Terminal/video"; docs/media.md): play / play2 ask the terminal for each channel
// (0x9101) and hand out signed viewer URLs; control closes the caller's viewing, switches, pauses, resumes or ends
// a talk (0x9102); flip sets the camera's image (0x8103, see VideoOptions.flipParamBase).

const playData = payloadOf(LivePlayData);
const controlData = payloadOf(LiveControlData);
const flipData = payloadOf(FlipData);

export const LiveControl = { close: 0, switchStream: 1, pause: 2, resume: 3, closeTalk: 4 } as const;

/** The terminal's result byte of a refused command (exchange's 1101 details), or undefined for other failures. */
export function refusedResult(error: unknown): number | undefined {
  if (!isApiError(error)) return undefined;
  const d = error.details as { result?: unknown } | null;
  return typeof d?.result === 'number' ? d.result : undefined;
}

export function liveRoutes(services: Pick<Services, 'db' | 'clock'>, options: VideoOptions): FastifyPluginAsyncTypebox {
  const minter = new UrlMinter(options, services.clock);

  /**
   * play and play2 are the spec's "master" and "slave" lookups. Headway has one media service per terminal (the
   * node holding its session), so both answer the same way; play2 exists for consoles that retry on it
   * (docs/media.md "play and play2").
   */
  const play = async (request: FastifyRequest<{ Querystring: { data: string } }>) => {
    const data = playData(request.query.data);
    const call = await videoCall(request, services, data.imei);
    if (!hasCapability(call.target, 'video')) return ok({ rows: [] as LivePlayRow[] });
    const node = await mediaNodeOf(request, call);
    if (node === undefined) return ok({ rows: [] as LivePlayRow[] });
    const rows = await Promise.all(
      data.chns.map(async (c): Promise<LivePlayRow | undefined> => {
        const stream = c.stream ?? 0;
        const audio = c.audio ?? 0;
        // Audio and video are always asked for: one upstream per camera then serves viewers with and without
        // sound (G.711 is ~8 KB/s beside ~70 KB/s of video).
        const message: Jt808Message = {
          msgId: 0x9101,
          body: { ip: '', tcpPort: 0, udpPort: 0, channel: c.chn, dataType: 0, streamType: stream },
        };
        try {
          await exchange(call.ctx, { target: call.target, message, action: 'live-video', request: c }, 0x0001);
        } catch (error) {
          if (isApiError(error)) return undefined;
          throw error;
        }
        const urls = minter.streamUrls(
          call,
          node,
          { channel: c.chn, kind: 'live', stream },
          audio === 1,
          localNode(request),
        );
        return { chn: c.chn, stream, audio, ...urls };
      }),
    );
    return ok({ rows: rows.filter((r): r is LivePlayRow => r !== undefined) });
  };

  return async (app) => {
    app.get('/jtt1078/live/play', { schema: { querystring: DataQuery }, config: { access: VIDEO_VIEW } }, play);
    app.get('/jtt1078/live/play2', { schema: { querystring: DataQuery }, config: { access: VIDEO_VIEW } }, play);

    app.get(
      '/jtt1078/live/control',
      { schema: { querystring: DataQuery }, config: { access: VIDEO_VIEW } },
      async (request) => {
        const data = controlData(request.query.data);
        const call = await videoCall(request, services, data.imei);
        requireCapability(call.target, 'video');
        await requireMediaNode(request, call);
        const media = request.server.gateway?.media;
        const sim = simKey(call.target.terminalPhone);
        const rows: LiveControlRow[] = [];
        for (const c of data.chns) {
          if (c.control === LiveControl.close) {
            // The caller's viewing only; the upstream closes when its last viewer has gone (media-service.ts).
            media?.closeViewers(call.sessionId, sim, c.chn, 'live');
            rows.push({ chn: c.chn, result: 0 });
            continue;
          }
          if (c.control === LiveControl.closeTalk && media?.talks.stop(sim, c.chn)) {
            rows.push({ chn: c.chn, result: 0 });
            continue;
          }
          const message: Jt808Message = {
            msgId: 0x9102,
            body: {
              channel: c.chn,
              command: c.control,
              closeType: 0,
              switchStream: c.control === 1 ? (c.param ?? 0) : 0,
            },
          };
          try {
            await exchange(call.ctx, { target: call.target, message, action: 'live-control', request: c }, 0x0001);
            rows.push({ chn: c.chn, result: 0 });
          } catch (error) {
            const result = refusedResult(error);
            if (result === undefined) throw error;
            rows.push({ chn: c.chn, result });
          }
        }
        return ok({ rows });
      },
    );

    app.get(
      '/jtt1078/live/flip',
      { schema: { querystring: DataQuery }, config: { access: VIDEO_VIEW } },
      async (request) => {
        const data = flipData(request.query.data);
        const call = await videoCall(request, services, data.imei);
        requireCapability(call.target, 'video');
        await requireMediaNode(request, call);
        // JT/T 1078 has no flip message: a BYTE parameter per channel in JT/T 808's user-defined id range.
        const message: Jt808Message = {
          msgId: 0x8103,
          body: { params: [{ id: options.flipParamBase + data.chn, value: data.flip, len: 1 }] },
        };
        await exchange(call.ctx, { target: call.target, message, action: 'flip', request: data }, 0x0001);
        return ok({ chn: data.chn, flip: data.flip });
      },
    );
  };
}
