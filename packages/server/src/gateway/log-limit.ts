import type { Logger } from 'pino';

/**
 * Logs at most `perWindow` lines per key per window and counts the rest, so a terminal spraying garbage (or a
 * thousand of them) cannot turn the log into the bottleneck. The suppressed count is logged with the next line.
 */
export class RateLimitedLog {
  private windows = new Map<string, { start: number; logged: number; suppressed: number }>();

  constructor(
    private readonly logger: Logger,
    private readonly perWindow = 10,
    private readonly windowMs = 10_000,
  ) {}

  warn(key: string, fields: Record<string, unknown>, message: string): void {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      const suppressed = w?.suppressed ?? 0;
      w = { start: now, logged: 0, suppressed: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 1000) this.windows.clear();
      if (suppressed > 0) fields = { ...fields, suppressed };
    }
    if (w.logged >= this.perWindow) {
      w.suppressed++;
      return;
    }
    w.logged++;
    this.logger.warn(fields, message);
  }
}
