import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Viewer tokens: the media endpoints are opened by a <video> element or a WebSocket, which cannot sign requests as
 * the API does, so the signed call that asked for the stream hands out a short-lived URL whose `t` carries what
 * it may open, bound to the caller's session, company and the stream, with an HMAC-SHA256 over it.
 */
export type StreamKind = 'live' | 'playback' | 'talk';
export type ViewerEndpoint = 'flv' | 'pcm' | 'talk';

export interface ViewerGrant {
  /** The API session (sessions.id): the stream stops being served when it ends. */
  session: number;
  company: number;
  user: number;
  /** The terminal's SIM as its stream packets carry it, without leading zeros. */
  sim: string;
  channel: number;
  kind: StreamKind;
  /** 0 main / 1 sub for live video; 0 for playback and talk. */
  stream: number;
  endpoint: ViewerEndpoint;
  /** The node holding the terminal's media (HEADWAY_NODE_ID). */
  node: string;
  /** Epoch seconds after which the URL no longer opens. */
  exp: number;
}

const SEP = '.';

function mac(secret: Buffer, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}

export function signGrant(secret: Buffer, grant: ViewerGrant): string {
  const body = Buffer.from(JSON.stringify(grant), 'utf8').toString('base64url');
  return `${body}${SEP}${mac(secret, body)}`;
}

export type GrantCheck = { ok: true; grant: ViewerGrant } | { ok: false; reason: 'forged' | 'expired' };

function isGrant(v: unknown): v is ViewerGrant {
  if (typeof v !== 'object' || v === null) return false;
  const g = v as Record<string, unknown>;
  return (
    typeof g.session === 'number' &&
    typeof g.company === 'number' &&
    typeof g.user === 'number' &&
    typeof g.sim === 'string' &&
    typeof g.channel === 'number' &&
    (g.kind === 'live' || g.kind === 'playback' || g.kind === 'talk') &&
    typeof g.stream === 'number' &&
    (g.endpoint === 'flv' || g.endpoint === 'pcm' || g.endpoint === 'talk') &&
    typeof g.node === 'string' &&
    typeof g.exp === 'number'
  );
}

/** The grant a token carries, if our secret signed it and it has not expired at `now` (epoch seconds). */
export function checkGrant(secret: Buffer, token: string, now: number): GrantCheck {
  const i = token.indexOf(SEP);
  if (i <= 0) return { ok: false, reason: 'forged' };
  const body = token.slice(0, i);
  const given = Buffer.from(token.slice(i + 1), 'utf8');
  const wanted = Buffer.from(mac(secret, body), 'utf8');
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { ok: false, reason: 'forged' };
  let grant: unknown;
  try {
    grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'forged' };
  }
  if (!isGrant(grant)) return { ok: false, reason: 'forged' };
  if (grant.exp < now) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}
