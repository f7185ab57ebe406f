import type { LocationReport } from '@headway/protocol';

/**
 * Counters shared by all terminals of one simulator process. Ack latency goes into 1 ms buckets up to 30 s,
 * so p50/p99 are exact to the millisecond without keeping samples.
 */
export class FleetStats {
  connected = 0;
  registered = 0;
  /** 0x0200 bodies built (each is sent once, or kept and resent in a 0x0704 batch until acked). */
  reportsMade = 0;
  reportsSent = 0;
  batchesSent = 0;
  acks = 0;
  errors = 0;
  reconnects = 0;
  commands = 0;
  /** Alarm attachment files the attachment server confirmed (0x9212 result 0). */
  attachmentsUploaded = 0;
  /**
   * Called for every 0x0200 written, with the vehicle's IMEI and the report's time: benches join it with what
   * reaches the console (bench/multi-node-latency.ts). `sentAtMs` is the wall clock, comparable across processes.
   */
  onReportSent: ((imei: string, time: LocationReport['time'], sentAtMs: number) => void) | undefined;
  private readonly buckets = new Uint32Array(30_001);
  private samples = 0;

  recordAck(latencyMs: number): void {
    this.acks++;
    const i = Math.min(this.buckets.length - 1, Math.max(0, Math.round(latencyMs)));
    this.buckets[i]!++;
    this.samples++;
  }

  /** Latency percentile in ms over the samples since the last reset (NaN when none). */
  percentile(p: number): number {
    if (this.samples === 0) return Number.NaN;
    const target = Math.ceil(this.samples * p);
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i]!;
      if (seen >= target) return i;
    }
    return this.buckets.length - 1;
  }

  resetLatency(): void {
    this.buckets.fill(0);
    this.samples = 0;
  }
}
