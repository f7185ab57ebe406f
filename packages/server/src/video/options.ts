import { randomBytes } from 'node:crypto';

/** Settings of the video service (docs/media.md "Settings"); each from its HEADWAY_MEDIA_* variable. */
export interface VideoOptions {
  /**
   * The media address this node tells terminals in 0x9101/0x9201 (HEADWAY_MEDIA_ADVERTISE, `host:port`). Empty host:
   * the address of ours the terminal's own JT/T 808 connection reached; port 0: the media port we listen on.
   */
  advertiseHost: string;
  advertisePort: number;
  /** Signs viewer tokens; every node of a deployment needs the same one (HEADWAY_MEDIA_SECRET, else per process). */
  secret: Buffer;
  /** How long a viewer URL may be opened after it was issued (HEADWAY_MEDIA_TOKEN_SECONDS, 120 s). */
  tokenSeconds: number;
  /** Grace after the last viewer leaves before the upstream is closed (HEADWAY_MEDIA_IDLE_MS, 3 s). */
  idleDelayMs: number;
  /** An upstream nobody attaches to within this long of its request is closed (HEADWAY_MEDIA_REQUEST_MS, 10 s). */
  requestTimeoutMs: number;
  /** How long a record list waits for the terminal's 0x1205 (60 s, spec section 7). */
  recordListTimeoutMs: number;
  /**
   * JT/T 1078 has no flip message: flip travels as a 0x8103 parameter, this id + the channel, BYTE 0–3
   * (HEADWAY_MEDIA_FLIP_PARAM, default 0xF0A0, in JT/T 808's user-defined range 0xF000–0xFFFF).
   */
  flipParamBase: number;
  /**
   * Several nodes: the public HTTP base of each gateway node's viewer endpoints, by node id
   * (HEADWAY_MEDIA_NODE_URLS, `nodeA=https://a.example.com,nodeB=https://b.example.com`, the same on every node).
   * A stream held by another node gets URLs on that node's base; without an entry, paths on the answering server.
   */
  nodeUrls: ReadonlyMap<string, string>;
}

export const DEFAULT_VIDEO_OPTIONS: Omit<VideoOptions, 'secret'> = {
  advertiseHost: '',
  advertisePort: 0,
  tokenSeconds: 120,
  idleDelayMs: 3000,
  requestTimeoutMs: 10_000,
  recordListTimeoutMs: 60_000,
  flipParamBase: 0xf0a0,
  nodeUrls: new Map(),
};

/** One random secret per process when none is configured: enough for a single node. */
const processSecret = randomBytes(32);

function integer(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`${name} must be an integer 0–${max}, got "${value}"`);
  return n;
}

/** `host:port`, `host` or `:port`; an IPv6 host in brackets. */
export function parseAdvertise(value: string | undefined): { host: string; port: number } {
  const text = (value ?? '').trim();
  if (text === '') return { host: '', port: 0 };
  const m = /^(\[[^\]]+\]|[^:]*)(?::(\d+))?$/.exec(text);
  if (!m) throw new Error(`HEADWAY_MEDIA_ADVERTISE must be host:port, got "${value}"`);
  const port = m[2] === undefined ? 0 : Number(m[2]);
  if (port > 65_535) throw new Error(`HEADWAY_MEDIA_ADVERTISE port out of range: "${value}"`);
  return { host: (m[1] ?? '').replace(/^\[|\]$/g, ''), port };
}

/** `node=base,node=base` → Map; a base is an http(s) URL without a trailing slash. */
export function parseNodeUrls(value: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (value ?? '').split(',')) {
    const text = part.trim();
    if (text === '') continue;
    const i = text.indexOf('=');
    const node = i > 0 ? text.slice(0, i).trim() : '';
    const base =
      i > 0
        ? text
            .slice(i + 1)
            .trim()
            .replace(/\/+$/, '')
        : '';
    if (!node || !/^https?:\/\/[^/\s]+$/.test(base)) {
      throw new Error(`HEADWAY_MEDIA_NODE_URLS must be node=http(s)://host[:port],…; got "${part}"`);
    }
    out.set(node, base);
  }
  return out;
}

export function videoOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): VideoOptions {
  const d = DEFAULT_VIDEO_OPTIONS;
  const advertise = parseAdvertise(env.HEADWAY_MEDIA_ADVERTISE);
  const secret = env.HEADWAY_MEDIA_SECRET?.trim();
  return {
    ...d,
    advertiseHost: advertise.host,
    advertisePort: advertise.port,
    secret: secret ? Buffer.from(secret, 'utf8') : processSecret,
    tokenSeconds: integer('HEADWAY_MEDIA_TOKEN_SECONDS', env.HEADWAY_MEDIA_TOKEN_SECONDS, d.tokenSeconds, 86_400),
    idleDelayMs: integer('HEADWAY_MEDIA_IDLE_MS', env.HEADWAY_MEDIA_IDLE_MS, d.idleDelayMs, 600_000),
    requestTimeoutMs: integer('HEADWAY_MEDIA_REQUEST_MS', env.HEADWAY_MEDIA_REQUEST_MS, d.requestTimeoutMs, 600_000),
    flipParamBase: integer('HEADWAY_MEDIA_FLIP_PARAM', env.HEADWAY_MEDIA_FLIP_PARAM, d.flipParamBase, 0xffff - 64),
    nodeUrls: parseNodeUrls(env.HEADWAY_MEDIA_NODE_URLS),
  };
}
