import { LatencyHistogram } from './histogram.ts';

function hex(id: number): string {
  return `0x${id.toString(16).padStart(4, '0')}`;
}

function bump(map: Map<string, number>, key: string, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

/** Plain counters; read as JSON by the admin route (GET /api/admin/gateway/metrics) and by the bench. */
export class GatewayMetrics {
  readonly startedAt = Date.now();
  connections = 0;
  terminals = 0;
  connectionsTotal = 0;
  connectionsRejected = 0;
  closedForGarbage = 0;
  closedForBackpressure = 0;
  closedIdle = 0;
  /** Connections that did not authenticate within authTimeoutMs (a slow registration path shows up here). */
  closedUnauthenticated = 0;
  replacedSessions = 0;
  readonly framesIn = new Map<string, number>();
  readonly framesOut = new Map<string, number>();
  readonly decodeErrors = new Map<string, number>();
  garbageBytes = 0;
  oversizeFrames = 0;
  positionsStored = 0;
  positionsDropped = 0;
  batches = 0;
  batchErrors = 0;
  commandsSent = 0;
  commandsAnswered = 0;
  commandsTimedOut = 0;
  readonly ackLatency = new LatencyHistogram();
  readonly commitLatency = new LatencyHistogram();
  readonly media = {
    connections: 0,
    packets: 0,
    bytes: 0,
    droppedBytes: 0,
    terminals: new Map<string, { packets: number; bytes: number }>(),
  };
  /** T/JSATL 12 attachment port (alarms/evidence): refusals are also logged with the reason. */
  readonly attachments = {
    connections: 0,
    frames: 0,
    fileBytes: 0,
    files: 0,
    droppedBytes: 0,
    filesComplete: 0,
    filesRefused: 0,
    resendRequests: 0,
    unknownAlarms: 0,
    busy: 0,
  };

  frameIn(msgId: number): void {
    bump(this.framesIn, hex(msgId));
  }

  frameOut(msgId: number): void {
    bump(this.framesOut, hex(msgId));
  }

  decodeError(code: string): void {
    bump(this.decodeErrors, code);
  }

  mediaPacket(sim: string, bytes: number): void {
    this.media.packets++;
    this.media.bytes += bytes;
    let t = this.media.terminals.get(sim);
    if (!t) {
      // Bounded: a stream of forged SIM numbers must not grow the map without end.
      if (this.media.terminals.size >= 50_000) return;
      t = { packets: 0, bytes: 0 };
      this.media.terminals.set(sim, t);
    }
    t.packets++;
    t.bytes += bytes;
  }

  toJSON() {
    return {
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      connections: this.connections,
      terminals: this.terminals,
      connectionsTotal: this.connectionsTotal,
      connectionsRejected: this.connectionsRejected,
      closed: {
        garbage: this.closedForGarbage,
        backpressure: this.closedForBackpressure,
        idle: this.closedIdle,
        unauthenticated: this.closedUnauthenticated,
        replaced: this.replacedSessions,
      },
      framesIn: Object.fromEntries(this.framesIn),
      framesOut: Object.fromEntries(this.framesOut),
      decodeErrors: Object.fromEntries(this.decodeErrors),
      garbageBytes: this.garbageBytes,
      oversizeFrames: this.oversizeFrames,
      ingest: {
        positionsStored: this.positionsStored,
        positionsDropped: this.positionsDropped,
        batches: this.batches,
        batchErrors: this.batchErrors,
        ackLatency: this.ackLatency.snapshot(),
        commitLatency: this.commitLatency.snapshot(),
      },
      commands: { sent: this.commandsSent, answered: this.commandsAnswered, timedOut: this.commandsTimedOut },
      media: {
        connections: this.media.connections,
        packets: this.media.packets,
        bytes: this.media.bytes,
        droppedBytes: this.media.droppedBytes,
        terminals: Object.fromEntries(this.media.terminals),
      },
      attachments: { ...this.attachments },
    };
  }
}

export type GatewayMetricsJson = ReturnType<GatewayMetrics['toJSON']>;
