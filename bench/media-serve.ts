/**
 * Media serving benchmark: N simulated terminals stream the shared JT/T 1078 capture (H.264 720×576, ~24 fps,
 * G.711A) in real time over TCP into the real media port code (video/media-service.ts: binding, splitting,
 * reassembly, StreamHub, GOP cache) and M HTTP-FLV viewers per stream read it over loopback through ViewerRelay,
 * as /media/live.flv serves them. The terminals and the viewers run in a child process, so this process's CPU is
 * the server's. The viewer token check (once per connection) is left out.
 *
 *   node --import tsx bench/media-serve.ts --streams 50,100 --viewers 1,4 [--seconds 15]
 *
 * Prints video frames in (and how many were due), the server's CPU share and µs per video frame, bytes out,
 * event-loop delay p99, and the slow-viewer counters (skipped tags, dropped viewers): frames drop when those move.
 */
import { spawn } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { decodeRtpPacket, encodeRtpPacket } from '../packages/protocol/src/index.ts';
import { GatewayMetrics } from '../packages/server/src/gateway/metrics.ts';
import { CAPTURE_PATH, captureAvailable, readCapture } from '../packages/server/src/media/testing/capture.ts';
import { MediaService } from '../packages/server/src/video/media-service.ts';
import { videoOptionsFromEnv } from '../packages/server/src/video/options.ts';
import { ViewerRelay } from '../packages/server/src/video/viewer-relay.ts';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '10' },
    viewers: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '15' },
    load: { type: 'boolean', default: false },
    'media-port': { type: 'string', default: '0' },
    'http-port': { type: 'string', default: '0' },
  },
});

if (!captureAvailable) {
  console.log(`media-serve: capture not found at ${CAPTURE_PATH}; nothing to measure`);
  process.exit(0);
}

/** Video frames per round of the capture, and the round's length in ms (its last timestamp + one frame). */
const CAPTURE_FRAMES = 102;
const capturePeriod = (() => {
  const bytes = readCapture();
  let last = 0;
  for (let off = 0; off < bytes.length; ) {
    const r = decodeRtpPacket(bytes.subarray(off));
    if (!r.ok) break;
    last = Math.max(last, r.packet.timestamp ?? 0);
    off += r.length;
  }
  return last + 40;
})();

const simOf = (i: number) => String(139_0000_0000 + i).padStart(12, '0');

/** The child: N terminals streaming in real time, M viewers per stream counting bytes. */
async function load(streams: number, viewers: number, mediaPort: number, httpPort: number): Promise<void> {
  const { connect } = await import('node:net');
  const { get } = await import('node:http');
  const capture = readCapture();
  const packets: NonNullable<Extract<ReturnType<typeof decodeRtpPacket>, { ok: true }>['packet']>[] = [];
  for (let off = 0; off < capture.length; ) {
    const r = decodeRtpPacket(capture.subarray(off));
    if (!r.ok) throw new Error('capture');
    packets.push(r.packet);
    off += r.length;
  }
  const period = Math.max(...packets.map((p) => p.timestamp ?? 0)) + 40;
  let bytesIn = 0;
  for (let i = 0; i < streams; i++) {
    const sim = simOf(i);
    // Each terminal's packets with its SIM, encoded once; replayed round after round with timestamps running on.
    const wire = packets.map((p) => ({ at: p.timestamp ?? 0, packet: p }));
    const socket = connect(mediaPort, '127.0.0.1');
    socket.setNoDelay(true);
    socket.on('error', () => {});
    const start = Date.now() - Math.floor(Math.random() * period);
    let index = 0;
    let round = 0;
    let seq = 0;
    const tick = () => {
      const now = Date.now() - start;
      while (true) {
        const w = wire[index]!;
        const due = round * period + w.at;
        if (due > now) break;
        const out = encodeRtpPacket({ ...w.packet, sim, seq: seq++ & 0xffff, timestamp: due });
        socket.write(out);
        index++;
        if (index === wire.length) {
          index = 0;
          round++;
        }
      }
    };
    setInterval(tick, 10);
  }
  // Viewers once the streams have started.
  setTimeout(() => {
    for (let i = 0; i < streams; i++) {
      for (let v = 0; v < viewers; v++) {
        get({ host: '127.0.0.1', port: httpPort, path: `/media/live.flv?sim=${simOf(i)}`, agent: false }, (res) => {
          res.on('data', (d: Buffer) => (bytesIn += d.length));
        }).on('error', () => {});
      }
    }
  }, 500);
  setInterval(() => process.stdout.write(`${bytesIn}\n`), 1000);
}

async function run(streams: number, viewers: number, seconds: number): Promise<void> {
  const metrics = new GatewayMetrics();
  let mediaPort = 0;
  const media = new MediaService(
    {
      sendCommand: async () => ({ msgId: 0x0001, body: { replyFlowId: 0, replyMsgId: 0x9101, result: 0 } }) as never,
      localAddressOf: () => '127.0.0.1',
      get ports() {
        return { media: mediaPort };
      },
      metrics,
    },
    { ...videoOptionsFromEnv(), requestTimeoutMs: 600_000 },
    pino({ level: 'silent' }),
  );
  for (let i = 0; i < streams; i++) {
    media.prepare(simOf(i), {
      msgId: 0x9101,
      body: { ip: '', tcpPort: 0, udpPort: 0, channel: 1, dataType: 0, streamType: 0 },
    });
  }
  const tcp: Server = createServer((s) => media.accept(s));
  await new Promise<void>((ok) => tcp.listen(0, '127.0.0.1', ok));
  mediaPort = (tcp.address() as { port: number }).port;
  const http = createHttpServer((req, res) => {
    const sim = new URL(req.url ?? '/', 'http://x').searchParams.get('sim') ?? '';
    res.writeHead(200, { 'content-type': 'video/x-flv', 'cache-control': 'no-store' });
    media.addRelay(
      { sim: sim.replace(/^0+/, ''), channel: 1, streamType: 0, kind: 'live' },
      new ViewerRelay(
        {
          write: (c) => void res.write(c),
          bufferedBytes: () => res.writableLength,
          close: (reason) => (reason === 'slow' ? res.destroy() : res.end()),
          onGone: (cb) => res.once('close', cb),
        },
        0,
      ),
    );
  });
  await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
  const httpPort = (http.address() as { port: number }).port;

  const self = fileURLToPath(import.meta.url);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      self,
      '--load',
      '--streams',
      String(streams),
      '--viewers',
      String(viewers),
      '--media-port',
      String(mediaPort),
      '--http-port',
      String(httpPort),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let received = 0;
  child.stdout.on('data', (d: Buffer) => {
    const last = String(d).trim().split('\n').at(-1);
    if (last) received = Number(last);
  });
  // Warm-up: every viewer connected (at most 30 s on a loaded machine), first GOPs sent.
  const warm = Date.now();
  while (media.hub.stats().viewers < streams * viewers && Date.now() - warm < 30_000) {
    await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 2000));
  const s0 = media.hub.stats();
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const rx0 = received;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - t0) / 1000;
  lag.disable();
  const s1 = media.hub.stats();
  const frames = s1.videoFramesIn - s0.videoFramesIn;
  const due = Math.round((streams * CAPTURE_FRAMES * wall * 1000) / capturePeriod);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    [
      `streams ${streams} × viewers ${viewers}`,
      `video frames in ${frames} (due ≈ ${due})`,
      `server CPU ${((cpuMs / (wall * 1000)) * 100).toFixed(0)} % of a core`,
      `${((cpuMs * 1000) / Math.max(1, frames)).toFixed(1)} µs / frame`,
      `out ${((s1.bytesOut - s0.bytesOut) / wall / 1e6).toFixed(1)} MB/s (read by viewers ${((received - rx0) / wall / 1e6).toFixed(1)} MB/s)`,
      `loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms`,
      `skipped tags ${s1.skippedTags} / dropped viewers ${s1.droppedViewers}`,
      `viewers now ${s1.viewers}`,
      `RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
    ].join(' | '),
  );
  child.kill();
  media.close();
  http.closeAllConnections();
  await new Promise<void>((ok) => http.close(() => ok()));
  await new Promise<void>((ok) => tcp.close(() => ok()));
}

if (values.load) {
  await load(Number(values.streams), Number(values.viewers), Number(values['media-port']), Number(values['http-port']));
} else {
  for (const streams of String(values.streams).split(',').map(Number)) {
    for (const viewers of String(values.viewers).split(',').map(Number)) {
      await run(streams, viewers, Number(values.seconds));
    }
  }
  process.exit(0);
}
