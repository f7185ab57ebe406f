import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Jt808Message } from '@headway/protocol';
import { exchange } from '../commands/device/exchange.ts';
import { DataQuery, payloadOf } from '../commands/device/payload.ts';
import { TalkData, type TalkPlayResult } from '../contract/video.ts';
import { ok } from '../kernel/envelope.ts';
import type { Services } from '../services.ts';
import { VIDEO_VIEW } from './access.ts';
import { simKey } from './media-service.ts';
import type { VideoOptions } from './options.ts';
import { localNode, requireCapability, requireMediaNode, UrlMinter, videoCall } from './video-target.ts';

// Two-way talk (docs/media.md "Talk"): talk/play hands out the talk socket's URL; opening it sends 0x9101 with data
// type 2 (video/talk-session.ts). talk/stop ends it (0x9102 control 4).

const talkData = payloadOf(TalkData);

export function talkRoutes(services: Pick<Services, 'db' | 'clock'>, options: VideoOptions): FastifyPluginAsyncTypebox {
  const minter = new UrlMinter(options, services.clock);
  return async (app) => {
    app.get(
      '/jtt1078/talk/play',
      { schema: { querystring: DataQuery }, config: { access: VIDEO_VIEW } },
      async (request) => {
        const data = talkData(request.query.data);
        const call = await videoCall(request, services, data.imei);
        requireCapability(call.target, 'talk');
        const node = await requireMediaNode(request, call);
        const stream = { channel: data.chn, kind: 'talk', stream: 0 } as const;
        const { path } = minter.url(call, node, 'talk', stream, localNode(request));
        // A path, or the holding node's URL with the WebSocket scheme.
        const socket = path.replace(/^http(s?):\/\//, 'ws$1://');
        return ok<TalkPlayResult>({ system_av_rtp: { talk_web_socket: socket } });
      },
    );

    app.get(
      '/jtt1078/talk/stop',
      { schema: { querystring: DataQuery }, config: { access: VIDEO_VIEW } },
      async (request) => {
        const data = talkData(request.query.data);
        const call = await videoCall(request, services, data.imei);
        requireCapability(call.target, 'talk');
        await requireMediaNode(request, call);
        // A talk held on this node ends here (its socket is told "disconnected"); otherwise the terminal is told.
        if (!request.server.gateway?.media.talks.stop(simKey(call.target.terminalPhone), data.chn)) {
          const message: Jt808Message = {
            msgId: 0x9102,
            body: { channel: data.chn, command: 4, closeType: 0, switchStream: 0 },
          };
          await exchange(call.ctx, { target: call.target, message, action: 'talk', request: data }, 0x0001);
        }
        return ok({ chn: data.chn, result: 0 });
      },
    );
  };
}
