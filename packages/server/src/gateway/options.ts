import { hostname } from 'node:os';
import type { VideoOptions } from '../video/options.ts';

/** Everything tunable about the gateway, with the defaults `npm start` uses (docs/gateway.md "Limits"). */
export interface GatewayOptions {
  host: string;
  /** JT/T 808 signalling; 0 picks a free port (tests). */
  port: number;
  /** JT/T 1078 media stream packets. */
  mediaPort: number;
  /** T/JSATL 12 attachment upload. */
  attachmentPort: number;
  /** listen() backlog: the machine's somaxconn is 4096 (shared/LOAD-TESTING.md). */
  backlog: number;
  /** Connections per port beyond which new ones are refused (the process holds at most ~20,000 files). */
  maxConnections: number;
  /** Largest escaped frame; a longer run without 7E is dropped as oversize. */
  maxFrameSize: number;
  /** Bytes queued for a socket that does not read its acks before we close it. */
  maxWriteBuffer: number;
  /** Bad frames + oversize runs in one window that close the connection as a garbage flood. */
  maxBadFramesPerWindow: number;
  /** Garbage bytes (between frames) in one window that close the connection. */
  maxGarbageBytesPerWindow: number;
  badWindowMs: number;
  /** Heartbeat interval (parameter 0x0001) assumed until the terminal tells otherwise; seconds. */
  heartbeatSeconds: number;
  /** Idle timeout = this many heartbeat intervals without any frame. */
  idleHeartbeats: number;
  /** A connection must authenticate within this time. */
  authTimeoutMs: number;
  /** How often idle / unauthenticated connections and stale fragments are looked for. */
  sweepIntervalMs: number;
  /** Terminal local time zone (the standard says GMT+8), minutes east of UTC. */
  utcOffsetMinutes: number;
  /** Default timeout of sendCommand. */
  commandTimeoutMs: number;
  /** Group commit: flush when this many positions are queued… */
  batchSize: number;
  /** …or this long after the first one queued. */
  flushIntervalMs: number;
  /** Queued positions beyond which sockets stop being read until the writer catches up. */
  maxQueuedPositions: number;
  /** SQLite: commit positions on a worker thread (true) or on the event loop through Kysely (false). */
  sqliteWriterThread: boolean;
  /**
   * Recorded on the devices whose session this gateway holds (devices.gateway_node): at start and stop it marks
   * offline only those, so several gateway nodes on one database leave each other's terminals alone.
   */
  nodeId: string;
  /**
   * Other gateway nodes share this database (set when the NATS bus is configured). Off (one gateway per
   * database), start-up marks every device offline, whatever node id a previous run had — a container's
   * hostname, part of the default id, changes when it is recreated.
   */
  multiNode: boolean;
  /** Media service settings over the HEADWAY_MEDIA_* variables (video/options.ts); tests lower the timers. */
  video?: Partial<VideoOptions>;
}

export const DEFAULT_GATEWAY_OPTIONS: GatewayOptions = {
  host: '0.0.0.0',
  port: 7611,
  mediaPort: 7612,
  attachmentPort: 7613,
  backlog: 4096,
  maxConnections: 19_000,
  maxFrameSize: 4096,
  maxWriteBuffer: 256 * 1024,
  maxBadFramesPerWindow: 20,
  maxGarbageBytesPerWindow: 16 * 1024,
  badWindowMs: 10_000,
  heartbeatSeconds: 60,
  idleHeartbeats: 3,
  authTimeoutMs: 60_000,
  sweepIntervalMs: 5_000,
  utcOffsetMinutes: 480,
  commandTimeoutMs: 10_000,
  batchSize: 250,
  flushIntervalMs: 5,
  maxQueuedPositions: 50_000,
  sqliteWriterThread: false,
  nodeId: `${hostname()}:${process.pid}`,
  multiNode: false,
};

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return n;
}

/** HEADWAY_GATEWAY_* environment variables over the defaults. */
export function gatewayOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): GatewayOptions {
  const d = DEFAULT_GATEWAY_OPTIONS;
  return {
    ...d,
    host: env.HEADWAY_GATEWAY_HOST || d.host,
    port: int(env, 'HEADWAY_GATEWAY_PORT', d.port),
    mediaPort: int(env, 'HEADWAY_GATEWAY_MEDIA_PORT', d.mediaPort),
    attachmentPort: int(env, 'HEADWAY_GATEWAY_ATTACHMENT_PORT', d.attachmentPort),
    maxConnections: int(env, 'HEADWAY_GATEWAY_MAX_CONNECTIONS', d.maxConnections),
    utcOffsetMinutes: int(env, 'HEADWAY_DEVICE_UTC_OFFSET', d.utcOffsetMinutes),
    batchSize: int(env, 'HEADWAY_GATEWAY_BATCH', d.batchSize),
    flushIntervalMs: int(env, 'HEADWAY_GATEWAY_FLUSH_MS', d.flushIntervalMs),
    commandTimeoutMs: int(env, 'HEADWAY_COMMAND_TIMEOUT_MS', d.commandTimeoutMs),
    nodeId: env.HEADWAY_NODE_ID || d.nodeId,
    sqliteWriterThread: env.HEADWAY_GATEWAY_SQLITE_THREAD
      ? env.HEADWAY_GATEWAY_SQLITE_THREAD !== '0'
      : d.sqliteWriterThread,
  };
}
