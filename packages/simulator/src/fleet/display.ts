import type { FleetStats } from '../terminal/stats.ts';

/**
 * The one-line live status: connected, reports/s, acks, p99 ack latency, errors. Rates are over the last
 * display period; latency percentiles reset every period so they show now, not the whole run.
 */
export class StatsLine {
  private lastReports = 0;
  private lastAcks = 0;
  private lastAt = Date.now();

  constructor(
    private readonly stats: FleetStats,
    private readonly total: number,
    /** Terminals registered and authenticated (connected but refused ones show the gap). */
    private readonly online?: () => number,
  ) {}

  line(extra = ''): string {
    const now = Date.now();
    const seconds = Math.max(0.001, (now - this.lastAt) / 1000);
    const sent = this.stats.reportsSent + this.stats.batchesSent;
    const reportsPerSecond = (sent - this.lastReports) / seconds;
    const acksPerSecond = (this.stats.acks - this.lastAcks) / seconds;
    const p50 = this.stats.percentile(0.5);
    const p99 = this.stats.percentile(0.99);
    this.lastReports = sent;
    this.lastAcks = this.stats.acks;
    this.lastAt = now;
    this.stats.resetLatency();
    const ms = (v: number) => (Number.isNaN(v) ? '-' : `${v}`);
    return (
      `connected ${this.stats.connected}/${this.total}${this.online ? `  online ${this.online()}` : ''}  reports/s ${reportsPerSecond.toFixed(1)}  ` +
      `acks ${this.stats.acks} (${acksPerSecond.toFixed(1)}/s)  ack p50 ${ms(p50)} ms p99 ${ms(p99)} ms  ` +
      `errors ${this.stats.errors}  reconnects ${this.stats.reconnects}${extra}`
    );
  }
}
