// Tunables of the live channel, one object so tests can shrink the timings (docs/live.md "Limits").
export interface LiveOptions {
  /** Server heart-beat offered both ways (ms); a client silent for twice the negotiated period is dropped. */
  heartbeatMs: number;
  /** A socket that has not sent CONNECT by then is closed: unauthenticated sockets must not linger. */
  connectTimeoutMs: number;
  /** Position batches per company are flushed this often (spec: about once a second). */
  batchIntervalMs: number;
  /** Connected sessions are re-checked this often, so forced-offline / logged-out sessions get closed. */
  revalidateMs: number;
  /** Largest inbound frame; a bigger one is an ERROR and the socket is closed. */
  maxFrameBytes: number;
  maxSubscriptions: number;
  /** SEND frames allowed per connection per 10 s: /app/notify fans out to a whole company, so it is bounded. */
  maxSendsPer10s: number;
  /** A client this far behind (bytes queued in the socket) is dropped; it reloads the full state on reconnect. */
  maxBufferedBytes: number;
}

export const DEFAULT_LIVE_OPTIONS: LiveOptions = {
  heartbeatMs: 10_000,
  connectTimeoutMs: 10_000,
  batchIntervalMs: 1000,
  revalidateMs: 5000,
  maxFrameBytes: 64 * 1024,
  maxSubscriptions: 32,
  maxSendsPer10s: 100,
  maxBufferedBytes: 16 * 1024 * 1024,
};
