/**
 * Live video of a simulated terminal (JT/T 1078-2016 §5.5 and tables 18–20): what a bus's recorder does when the
 * platform sends 0x9101 and 0x9102.
 *
 * Design notes
 * - Source: one real terminal's capture (assets/jt1078, parsed once per process by capture.ts) replayed per
 *   channel at its own timestamps and looped, the timestamps continuing round after round and the sequence numbers
 *   running on (streamer.ts), so the media port sees one endless live stream, not a file restarting. Every channel
 *   shows the same bus interior; SIM and logical channel are rewritten to this terminal's and the requested.
 * - SIM field: 6 BCD bytes as table 19 has it (the phone's last 12 digits: a 2013 phone, or a 2019 one padded with
 *   zeros); a 2019 phone with more than 12 significant digits gets the 10-byte variant seen in the field.
 * - One TCP connection per requested (channel, stream type), as real terminals open them; the 0x0001 answer is
 *   sent at once (terminal-media.ts), before the connection is tried. A repeat request for what is already running (same
 *   data type and server) changes nothing; a different one replaces it.
 * - Data type (table 18 byte 7): 0 audio+video sends all packets, 1 video drops audio, 2 talk and 3 listen send
 *   audio only; 4 broadcast and 5 transparent data send nothing (the platform speaks on those). On a talk
 *   connection the audio packets the platform sends are echoed back (the capture's audio giving way meanwhile),
 *   so a talk test hears its own voice.
 * - 0x9102: 0 close (close type 0 all, 1 audio, 2 video; nothing left closes the connection), 1 switch stream:
 *   the channel's connection closes and a new one opens for the new stream type. The packets do not say which
 *   stream they are, so a fresh connection is the one unambiguous way for the media port to key the new stream.
 *   2 pause (the connection stays, the clock runs on), 3 resume at the live position from the next I-frame,
 *   4 close talk closes the channel's talk (data type 2) connection.
 * - A media connection that fails or drops is not retried: the stream ends and the platform asks again if it still
 *   wants it (a real terminal behaves the same).
 */
import type { Socket } from 'node:net';
import { type LiveVideoControl, type LiveVideoRequest, RtpSplitter } from '@headway/protocol';
import { type CaptureClip, shippedCapture } from './capture.ts';
import { connectMediaServer } from './connect.ts';
import { CaptureStreamer, type Tracks } from './streamer.ts';

export interface LiveVideoOptions {
  /** The terminal's phone: the SIM of its stream packets. */
  phone: string;
  /** Host of the terminal's JT/T 808 connection: the fallback media server address. */
  host: string;
  /** Capture ms per wall ms (1 real time). */
  pace?: number;
  clip?: () => CaptureClip;
  connectTimeoutMs?: number;
  /** A media connection failed or broke (counted in the fleet's errors). */
  onError?: () => void;
}

/** What a running live stream is, for tests and the console. */
export interface LiveStreamInfo {
  channel: number;
  streamType: number;
  dataType: number;
  tracks: Tracks;
  paused: boolean;
  connected: boolean;
}

interface Upstream {
  request: LiveVideoRequest;
  tracks: Tracks;
  paused: boolean;
  socket: Socket | null;
  streamer: CaptureStreamer | null;
  closed: boolean;
}

export const LiveControl = { close: 0, switchStream: 1, pause: 2, resume: 3, closeTalk: 4 } as const;
export const CloseType = { all: 0, audio: 1, video: 2 } as const;

export function tracksFor(dataType: number): Tracks {
  if (dataType === 0) return { audio: true, video: true };
  if (dataType === 1) return { audio: false, video: true };
  if (dataType === 2 || dataType === 3) return { audio: true, video: false };
  return { audio: false, video: false };
}

/** SIM digits and field width for a phone (see the design notes). */
export function simField(phone: string): { sim: string; simLength: 6 | 10 } {
  const significant = phone.replace(/^0+/, '');
  if (significant.length > 12) return { sim: phone.slice(-20), simLength: 10 };
  return { sim: phone.slice(-12).padStart(12, '0'), simLength: 6 };
}

export class LiveVideo {
  private readonly upstreams = new Map<string, Upstream>();

  constructor(private readonly options: LiveVideoOptions) {}

  get streams(): LiveStreamInfo[] {
    return [...this.upstreams.values()].map((u) => ({
      channel: u.request.channel,
      streamType: u.request.streamType,
      dataType: u.request.dataType,
      tracks: { ...u.tracks },
      paused: u.paused,
      connected: u.streamer !== null,
    }));
  }

  /** 0x9101. */
  request(request: LiveVideoRequest): void {
    const key = `${request.channel}/${request.streamType}`;
    const running = this.upstreams.get(key);
    if (running && sameRequest(running.request, request)) return;
    if (running) this.close(running);
    const up: Upstream = {
      request,
      tracks: tracksFor(request.dataType),
      paused: false,
      socket: null,
      streamer: null,
      closed: false,
    };
    this.upstreams.set(key, up);
    this.open(key, up);
  }

  /** 0x9102. */
  control(c: LiveVideoControl): void {
    const ups = [...this.upstreams.values()].filter((u) => u.request.channel === c.channel);
    for (const up of ups) {
      switch (c.command) {
        case LiveControl.close:
          this.narrow(up, c.closeType);
          break;
        case LiveControl.switchStream:
          if (up.request.streamType !== c.switchStream) {
            this.close(up);
            this.request({ ...up.request, streamType: c.switchStream });
          }
          break;
        case LiveControl.pause:
          up.paused = true;
          up.streamer?.pause();
          break;
        case LiveControl.resume:
          up.paused = false;
          up.streamer?.resume();
          break;
        case LiveControl.closeTalk:
          if (up.request.dataType === 2) this.close(up);
          break;
      }
    }
  }

  /** The terminal is switched off: every media connection goes at once. */
  closeAll(): void {
    for (const up of [...this.upstreams.values()]) this.close(up, true);
  }

  private narrow(up: Upstream, closeType: number): void {
    if (closeType === CloseType.audio) up.tracks.audio = false;
    else if (closeType === CloseType.video) up.tracks.video = false;
    else up.tracks = { audio: false, video: false };
    if (!up.tracks.audio && !up.tracks.video && up.request.dataType <= 3) this.close(up);
    else up.streamer?.setTracks(up.tracks);
  }

  private open(key: string, up: Upstream): void {
    const { ip, tcpPort } = up.request;
    connectMediaServer(ip, tcpPort, this.options.host, this.options.connectTimeoutMs ?? 5000).then(
      (socket) => {
        if (up.closed) {
          socket.destroy();
          return;
        }
        this.attach(key, up, socket);
      },
      () => {
        this.options.onError?.();
        this.forget(key, up);
      },
    );
  }

  private attach(key: string, up: Upstream, socket: Socket): void {
    up.socket = socket;
    const { sim, simLength } = simField(this.options.phone);
    const streamer = new CaptureStreamer(socket, {
      clip: (this.options.clip ?? shippedCapture)(),
      sim,
      simLength,
      channel: up.request.channel,
      tracks: up.tracks,
      pace: this.options.pace,
    });
    up.streamer = streamer;
    if (up.request.dataType === 2) {
      // Two-way talk: the platform's voice comes down the same connection; the driver's "answer" is its echo.
      const splitter = new RtpSplitter();
      socket.on('data', (chunk) => {
        for (const p of splitter.push(chunk)) streamer.echo(p);
      });
    } else socket.on('data', () => {});
    socket.on('error', () => this.options.onError?.());
    socket.on('close', () => {
      streamer.stop();
      this.forget(key, up);
    });
    streamer.start();
    if (up.paused) streamer.pause();
  }

  private close(up: Upstream, abrupt = false): void {
    up.closed = true;
    up.streamer?.stop();
    const socket = up.socket;
    if (abrupt) socket?.destroy();
    // FIN after what is queued, then let go even if the server never closes its side.
    else socket?.end(() => socket.destroy());
    const key = `${up.request.channel}/${up.request.streamType}`;
    this.forget(key, up);
  }

  private forget(key: string, up: Upstream): void {
    up.closed = true;
    if (this.upstreams.get(key) === up) this.upstreams.delete(key);
  }
}

function sameRequest(a: LiveVideoRequest, b: LiveVideoRequest): boolean {
  return a.dataType === b.dataType && a.ip === b.ip && a.tcpPort === b.tcpPort;
}
