// Preloaded into bench server processes (`node --import tsx --import ./bench/support/node-probe.ts …`): every
// 5 s appends the event-loop delay (p50/p99/max, ms, beyond the 10 ms sampling period) and RSS of the process to $HEADWAY_BENCH_PROBE as a JSON
// line, so a bench can tell a stalled loop from a slow database without touching the server's code.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.HEADWAY_BENCH_PROBE;
const RESOLUTION_MS = 10;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  const timer = setInterval(() => {
    // The histogram holds the time between 10 ms samples: what exceeds the period is the delay.
    const ms = (ns: number) => Math.max(0, Math.round(ns / 1e5) / 10 - RESOLUTION_MS);
    const line = {
      t: Date.now(),
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
      rss: Math.round(process.memoryUsage().rss / 1048576),
    };
    delay.reset();
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 5000);
  timer.unref();
}
