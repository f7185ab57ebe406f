/**
 * Media core benchmark: the shared JT/T 1078 capture (H.264 720×576, ~24 fps, G.711A) looped as N terminal
 * streams, each through its own splitter → assembler → StreamHub (FLV mux, GOP cache) to M viewers. Prints video
 * frames/s, this process's CPU µs per video frame (audio frames included in the cost), bytes out, and the slow
 * viewer counters, to estimate how many 720p streams one Node process carries.
 *
 *   node --import tsx bench/media-mux.ts --streams 10,40 --viewers 1,4 [--seconds 10] [--mode fast|realtime]
 *                                        [--transport memory|tcp]
 *
 * fast: every stream fed as fast as the loop goes (throughput; CPU per frame). realtime: every stream paced at
 * the capture's own timestamps from a random phase (what terminals do); prints the process's CPU share, event-loop
 * delay and whether any viewer had to skip frames. tcp: each viewer is a loopback socket read by a child process
 * that discards (so the kernel send cost is in the figure, the reader's is not); memory: a function counting bytes.
 */
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { decodeRtpPacket, RtpFrameAssembler, RtpSplitter } from '../packages/protocol/src/index.ts';
import { StreamHub, type StreamKey } from '../packages/server/src/media/index.ts';
import { CAPTURE_PATH, captureAvailable, readCapture } from '../packages/server/src/media/testing/capture.ts';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '10' },
    viewers: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
    mode: { type: 'string', default: 'fast' },
    transport: { type: 'string', default: 'memory' },
  },
});
const seconds = Number(values.seconds);
const mode = values.mode === 'realtime' ? 'realtime' : 'fast';
const transport = values.transport === 'tcp' ? 'tcp' : 'memory';

if (!captureAvailable) {
  console.log(`media-mux: capture not found at ${CAPTURE_PATH}; nothing to measure`);
  process.exit(0);
}
const capture = readCapture();

/** Each packet's byte range and due time (ms after the capture's first packet). */
const packets: { from: number; to: number; at: number }[] = [];
for (let off = 0; off < capture.length; ) {
  const r = decodeRtpPacket(capture.subarray(off));
  if (!r.ok) throw new Error(`capture packet at ${off}: ${r.error.message}`);
  packets.push({ from: off, to: off + r.length, at: r.packet.timestamp ?? 0 });
  off += r.length;
}
const period = Math.max(...packets.map((p) => p.at)) + 40;

interface Terminal {
  key: StreamKey;
  splitter: RtpSplitter;
  assembler: RtpFrameAssembler;
  next: number;
  loopStart: number;
}

async function drainServer(): Promise<{ port: number; stop: () => void }> {
  const code =
    "const s=require('net').createServer(c=>{c.on('error',()=>{});c.resume()});" +
    "s.listen(0,'127.0.0.1',()=>console.log(s.address().port));";
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((ok) => child.stdout.once('data', (d: Buffer) => ok(Number(String(d)))));
  return { port, stop: () => child.kill() };
}

async function run(streams: number, viewers: number): Promise<void> {
  const hub = new StreamHub();
  const drain = transport === 'tcp' ? await drainServer() : undefined;
  const sockets: Socket[] = [];
  let memoryBytes = 0;
  const terminals: Terminal[] = [];
  for (let i = 0; i < streams; i++) {
    const key = { sim: String(100000000000 + i), channel: 1, streamType: 0 };
    for (let v = 0; v < viewers; v++) {
      if (drain) {
        const s = connect(drain.port, '127.0.0.1');
        s.setNoDelay(true);
        await new Promise((ok) => s.once('connect', ok));
        sockets.push(s);
        hub.addViewer(key, s);
      } else hub.addViewer(key, (c) => (memoryBytes += c.length));
    }
    terminals.push({ key, splitter: new RtpSplitter(), assembler: new RtpFrameAssembler(), next: 0, loopStart: 0 });
  }
  const feed = (t: Terminal, k: number): void => {
    const p = packets[k]!;
    for (const packet of t.splitter.push(capture.subarray(p.from, p.to))) {
      const f = t.assembler.push(packet);
      if (f) hub.publish(t.key, f);
    }
  };

  const lag = monitorEventLoopDelay({ resolution: 5 });
  const before = hub.stats();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  lag.enable();
  if (mode === 'fast') {
    // Round-robin, one capture's worth of packets per stream per turn, yielding so sockets can flush.
    while (performance.now() - t0 < seconds * 1000) {
      for (const t of terminals) for (let k = 0; k < packets.length; k++) feed(t, k);
      await new Promise((ok) => setImmediate(ok));
    }
  } else {
    for (const t of terminals) {
      // Random phase: the stream is already `phase` ms into its loop; start at the first packet not yet due.
      const phase = Math.random() * period;
      t.loopStart = t0 - phase;
      t.next = packets.findIndex((p) => p.at >= phase);
      if (t.next < 0) {
        t.next = 0;
        t.loopStart += period;
      }
    }
    await new Promise<void>((done) => {
      const timer = setInterval(() => {
        const now = performance.now();
        for (const t of terminals) {
          while (t.loopStart + packets[t.next]!.at <= now) {
            feed(t, t.next);
            if (++t.next === packets.length) {
              t.next = 0;
              t.loopStart += period;
            }
          }
        }
        if (now - t0 >= seconds * 1000) {
          clearInterval(timer);
          done();
        }
      }, 10);
    });
  }
  lag.disable();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const after = hub.stats();
  const frames = after.videoFramesIn - before.videoFramesIn;
  const cpuUs = cpu.user + cpu.system;
  const usPerFrame = cpuUs / frames;
  const out = (after.bytesOut - before.bytesOut) / (wallMs / 1000) / 1e6;
  // A 720p terminal stream: ~24 video frames/s (the capture's rate) with its audio.
  const fps = (102 / period) * 1000;
  const perCore = 1e6 / (usPerFrame * fps);
  console.log(
    [
      `${mode}/${transport} streams ${streams} × viewers ${viewers}`,
      `${Math.round(frames / (wallMs / 1000))} video frames/s`,
      `CPU ${usPerFrame.toFixed(1)} µs/frame (${((cpuUs / 1000 / wallMs) * 100).toFixed(0)}% of one core)`,
      `out ${out.toFixed(1)} MB/s`,
      `loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms`,
      `skipped tags ${after.skippedTags} dropped viewers ${after.droppedViewers}`,
      `RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB`,
      `≈ ${Math.floor(perCore)} streams/core at ${fps.toFixed(1)} fps`,
    ].join(' · '),
  );
  for (const s of sockets) s.destroy();
  drain?.stop();
  void memoryBytes;
}

for (const n of values.streams.split(',').map(Number)) {
  for (const m of values.viewers.split(',').map(Number)) await run(n, m);
}
