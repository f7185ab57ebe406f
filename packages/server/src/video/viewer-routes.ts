import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { sendError } from '../kernel/edge.ts';
import { ApiError, ErrorCode, isApiError } from '../kernel/errors.ts';
import type { StreamKey } from '../media/index.ts';
import { type GrantDeps, grantFor } from './grant-check.ts';
import type { MediaService } from './media-service.ts';
import type { TalkState } from './talk-session.ts';
import type { ViewerEndpoint, ViewerGrant } from './token.ts';
import { type ViewerOutlet, ViewerRelay } from './viewer-relay.ts';

/** Viewer paths (docs/api.md "Video"): outside the signed API, opened with the `t` a signed call handed out. */
export const MEDIA_PATHS = {
  flv: '/media/live.flv',
  pcm: '/media/audio',
  talk: '/media/talk',
  stats: '/media/stats',
} as const;

export interface ViewerRouteDeps extends GrantDeps {
  /** This node's media service (its gateway's); absent on a node without the gateway role. */
  media: () => MediaService | undefined;
}

type TokenQuery = { Querystring: { t?: string } };

export function keyOf(grant: ViewerGrant): StreamKey {
  return { sim: grant.sim, channel: grant.channel, streamType: grant.stream, kind: grant.kind };
}

/**
 * Mounts the viewer endpoints on the root app: HTTP-FLV and WebSocket-FLV on one path, the PCM audio socket, the
 * talk socket and the latency stats. The token is checked before any upgrade, so a refused WebSocket gets a plain
 * 403 with the envelope.
 */
export async function registerViewerRoutes(app: FastifyInstance, deps: ViewerRouteDeps): Promise<void> {
  if (!app.hasDecorator('websocketServer')) await app.register(fastifyWebsocket);
  const grants = new WeakMap<FastifyRequest, { grant: ViewerGrant; media: MediaService }>();
  // Streams never end on their own: the server's close would wait for them forever, so they are cut first.
  const open = new Set<{ destroy(): void }>();
  const track = (c: { destroy(): void; once(event: 'close', cb: () => void): unknown }) => {
    open.add(c);
    c.once('close', () => open.delete(c));
  };
  app.addHook('preClose', async () => {
    for (const c of [...open]) c.destroy();
  });

  const admit = (endpoint: ViewerEndpoint) => async (request: FastifyRequest<TokenQuery>, reply: FastifyReply) => {
    try {
      const grant = await grantFor(deps, request.query.t, endpoint);
      const media = deps.media();
      if (!media) throw new ApiError(ErrorCode.serverNotFound, { reason: 'no media service on this node' });
      const kind = grant.kind;
      // Playback and talk exist only while their request stands; live video is asked for again when needed.
      if (kind === 'playback' && !media.isRequested(keyOf(grant))) {
        throw new ApiError(ErrorCode.recordMissing, { reason: 'playback ended' });
      }
      grants.set(request, { grant, media });
    } catch (error) {
      const e = isApiError(error) ? error : new ApiError(ErrorCode.unknown);
      const status = e.code === ErrorCode.permission ? 403 : e.code === ErrorCode.recordMissing ? 404 : 503;
      return sendError(request, reply, e, status);
    }
  };
  const admitted = (request: FastifyRequest) => {
    const found = grants.get(request);
    if (!found) throw new ApiError(ErrorCode.permission);
    return found;
  };

  app.route<TokenQuery>({
    method: 'GET',
    url: MEDIA_PATHS.flv,
    preValidation: admit('flv'),
    handler: (request, reply) => {
      const { grant, media } = admitted(request);
      reply.hijack();
      const res = reply.raw;
      track(request.raw.socket);
      res.writeHead(200, {
        'content-type': 'video/x-flv',
        'cache-control': 'no-store',
        // The console and the media may be on different nodes (docs/media.md "Several nodes").
        'access-control-allow-origin': '*',
      });
      res.flushHeaders();
      const outlet: ViewerOutlet = {
        write: (chunk) => void res.write(chunk),
        bufferedBytes: () => res.writableLength,
        close: (reason) => (reason === 'slow' ? res.destroy() : res.end()),
        onGone: (cb) => {
          res.once('close', cb);
          res.once('error', cb);
        },
      };
      media.addRelay(keyOf(grant), new ViewerRelay(outlet, grant.session));
    },
    wsHandler: (socket: WebSocket, request) => {
      const { grant, media } = admitted(request);
      track(request.raw.socket);
      const outlet: ViewerOutlet = {
        write: (chunk) => socket.send(chunk),
        bufferedBytes: () => socket.bufferedAmount,
        close: (reason) => (reason === 'slow' ? socket.terminate() : socket.close(1000, reason)),
        onGone: (cb) => socket.once('close', cb),
      };
      media.addRelay(keyOf(grant), new ViewerRelay(outlet, grant.session));
    },
  });

  app.route<TokenQuery>({
    method: 'GET',
    url: MEDIA_PATHS.pcm,
    preValidation: admit('pcm'),
    handler: (request, reply) =>
      sendError(request, reply, new ApiError(ErrorCode.parameter, { reason: 'WebSocket only' }), 400),
    wsHandler: (socket: WebSocket, request) => {
      const { grant, media } = admitted(request);
      track(request.raw.socket);
      // 8 kHz mono Int16LE, one message per terminal audio frame (this is a little-endian machine, as the browser).
      const unlisten = media.addAudioListener(keyOf(grant), (frame) => {
        if (socket.bufferedAmount > 256 * 1024) return;
        socket.send(new Uint8Array(frame.samples.buffer, frame.samples.byteOffset, frame.samples.byteLength));
      });
      socket.once('close', unlisten);
    },
  });

  app.route<TokenQuery>({
    method: 'GET',
    url: MEDIA_PATHS.talk,
    preValidation: admit('talk'),
    handler: (request, reply) =>
      sendError(request, reply, new ApiError(ErrorCode.parameter, { reason: 'WebSocket only' }), 400),
    wsHandler: (socket: WebSocket, request) => {
      const { grant, media } = admitted(request);
      track(request.raw.socket);
      const talk = media.talks.start(grant.sim, keyOf(grant), {
        sendAudio: (pcm) => {
          if (socket.readyState === socket.OPEN)
            socket.send(new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength));
        },
        sendState: (state: TalkState) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ state }));
        },
        close: () => {
          if (socket.readyState === socket.OPEN) socket.close(1000);
        },
      });
      socket.on('message', (data, isBinary) => {
        if (!isBinary) return;
        const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        talk.fromBrowser(bytes);
      });
      socket.once('close', () => talk.stop());
    },
  });

  app.route<TokenQuery>({
    method: 'GET',
    url: MEDIA_PATHS.stats,
    preValidation: admit('flv'),
    handler: async (request, reply) => {
      const { grant, media } = admitted(request);
      const key = keyOf(grant);
      reply.header('access-control-allow-origin', '*');
      return {
        code: 0,
        msg: '',
        result: { now: Date.now(), stream: media.hub.streamStats(key) ?? null, clock: media.clocks.samples(key) },
      };
    },
  });
}
