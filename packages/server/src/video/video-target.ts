import { CAPABILITY_BITS } from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../auth/access.ts';
import { type CommandContext, commandContext } from '../commands/device/exchange.ts';
import { type CommandTarget, targetByImei } from '../commands/target.ts';
import { terminalHolder } from '../commands/terminal-holder.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import { simKey } from './media-service.ts';
import type { VideoOptions } from './options.ts';
import { type StreamKind, signGrant, type ViewerEndpoint } from './token.ts';
import { MEDIA_PATHS } from './viewer-routes.ts';

export type Capability = 'video' | 'talk';

export interface VideoCall {
  ctx: CommandContext;
  target: CommandTarget;
  sessionId: number;
}

/** The caller's vehicle named by the payload's IMEI (1008 when not theirs or outside their consoles). */
export async function videoCall(
  request: FastifyRequest,
  services: Pick<Services, 'db' | 'clock'>,
  imei: string,
): Promise<VideoCall> {
  const ctx = commandContext(request, services);
  const target = await targetByImei(services.db, ctx.caller, imei);
  return { ctx, target, sessionId: sessionOf(request).sessionId };
}

export function hasCapability(target: CommandTarget, capability: Capability): boolean {
  return (target.capabilities & (1 << CAPABILITY_BITS[capability].bit)) !== 0 && target.terminalPhone !== '';
}

/** 1004 naming the missing capability (the console shows the buttons only for devices that have it). */
export function requireCapability(target: CommandTarget, capability: Capability): void {
  if (!hasCapability(target, capability)) {
    throw new ApiError(ErrorCode.parameter, { field: 'imei', reason: `device has no ${capability}` });
  }
}

/**
 * The node whose media port the terminal streams to: the one holding its JT/T 808 session (it fills in its own media
 * address, video/media-service.ts prepare). Undefined when the terminal is offline.
 */
export async function mediaNodeOf(request: FastifyRequest, call: VideoCall): Promise<string | undefined> {
  const phone = call.target.terminalPhone;
  if (!phone) return undefined;
  const gateway = request.server.gateway;
  if (gateway?.isOnline(phone)) return gateway.options.nodeId;
  if (!call.ctx.router || !(await call.ctx.router.isOnline(phone))) return undefined;
  return terminalHolder(call.ctx.db, phone);
}

/** This node's id when it has a gateway (and so serves viewers); undefined on an API-only node. */
export function localNode(request: FastifyRequest): string | undefined {
  return request.server.gateway?.options.nodeId;
}

/** 1101 when the terminal is offline (control and record calls). */
export async function requireMediaNode(request: FastifyRequest, call: VideoCall): Promise<string> {
  const node = await mediaNodeOf(request, call);
  if (node === undefined) throw new ApiError(ErrorCode.processing, null, `${call.target.carName} is offline`);
  return node;
}

export interface StreamUrls {
  http: string;
  ws: string;
  pcm: string | null;
  expires_at: number;
}

/** An absolute http(s) URL becomes ws(s); a path stays a path (the browser picks the scheme). */
function wsScheme(url: string): string {
  return url.replace(/^http(s?):\/\//, 'ws$1://');
}

/** Signs the viewer URLs of one stream for the caller (token.ts). */
export class UrlMinter {
  constructor(
    private readonly options: Pick<VideoOptions, 'secret' | 'tokenSeconds' | 'nodeUrls'>,
    private readonly clock: { now(): number },
  ) {}

  /**
   * `node` holds the stream; `local` is the node answering (undefined on a node without a gateway). A stream held
   * elsewhere is served by that node: its URLs carry its base when HEADWAY_MEDIA_NODE_URLS names it.
   */
  url(
    call: VideoCall,
    node: string,
    endpoint: ViewerEndpoint,
    stream: { channel: number; kind: StreamKind; stream: number },
    local?: string,
  ) {
    const exp = epochSeconds(this.clock) + this.options.tokenSeconds;
    const t = signGrant(this.options.secret, {
      session: call.sessionId,
      company: call.ctx.caller.companyId,
      user: call.ctx.caller.userId,
      sim: simKey(call.target.terminalPhone),
      channel: stream.channel,
      kind: stream.kind,
      stream: stream.stream,
      endpoint,
      node,
      exp,
    });
    const path = endpoint === 'flv' ? MEDIA_PATHS.flv : endpoint === 'pcm' ? MEDIA_PATHS.pcm : MEDIA_PATHS.talk;
    const base = node !== local ? (this.options.nodeUrls.get(node) ?? '') : '';
    return { path: `${base}${path}?t=${t}`, exp };
  }

  streamUrls(
    call: VideoCall,
    node: string,
    stream: { channel: number; kind: StreamKind; stream: number },
    audio: boolean,
    local?: string,
  ): StreamUrls {
    const flv = this.url(call, node, 'flv', stream, local);
    const pcm = audio ? wsScheme(this.url(call, node, 'pcm', stream, local).path) : null;
    return { http: flv.path, ws: wsScheme(flv.path), pcm, expires_at: flv.exp };
  }
}
