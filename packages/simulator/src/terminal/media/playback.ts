/**
 * Remote playback of a simulated recording (JT/T 1078 §5.6.3–5.6.4, 0x9201 / 0x9202). The recorder holds no real
 * footage: the capture plays as the recording of the asked span, from its start (an I-frame), with the timestamps
 * counting from 0, and the connection closes when the span's length has been sent (an open end plays one hour).
 * Modes: 0 normal; 1 fast-forward at ×1…×16; 2 key-frame rewind and 3 key frames only send I-frames (the clip
 * being a loop, "rewind" also goes forward); 4 single frame sends one I-frame and closes. One playback per channel:
 * a new 0x9201 for the channel replaces the running one. Pause freezes the position (unlike live video).
 */
import type { Socket } from 'node:net';
import { localTimeToEpoch, type PlaybackControl, type PlaybackRequest } from '@headway/protocol';
import { type CaptureClip, shippedCapture } from './capture.ts';
import { connectMediaServer } from './connect.ts';
import { CaptureStreamer, type Tracks } from './streamer.ts';

export interface PlaybackOptions {
  /** Host of the terminal's JT/T 808 connection: the fallback media server address. */
  host: string;
  sim: string;
  simLength: 6 | 10;
  utcOffsetMinutes: number;
  /** Capture ms per wall ms at ×1 (1 real time). */
  pace?: number;
  clip?: () => CaptureClip;
  connectTimeoutMs?: number;
  onError?: () => void;
}

export const PlaybackMode = { normal: 0, fastForward: 1, keyframeRewind: 2, keyframesOnly: 3, singleFrame: 4 } as const;
export const PlaybackCommand = {
  resume: 0,
  pause: 1,
  stop: 2,
  fastForward: 3,
  keyframeRewind: 4,
  seek: 5,
  keyframesOnly: 6,
} as const;

/** An open-ended request (end time 0) plays this long. */
const OPEN_END_MS = 3_600_000;

interface Session {
  request: PlaybackRequest;
  socket: Socket | null;
  streamer: CaptureStreamer | null;
  closed: boolean;
  /** Commands that came before the connection was up, applied once it is. */
  early: PlaybackControl[];
}

/** Table 24 speed code → factor: 1 ×1, 2 ×2, 3 ×4, 4 ×8, 5 ×16 (0 or unknown: ×1). */
export function speedFactor(speed: number): number {
  return speed >= 1 && speed <= 5 ? 2 ** (speed - 1) : 1;
}

function tracksFor(avType: number): Tracks {
  if (avType === 1) return { audio: true, video: false };
  if (avType === 2) return { audio: false, video: true };
  return { audio: true, video: true };
}

export class Playback {
  private readonly sessions = new Map<number, Session>();

  constructor(private readonly options: PlaybackOptions) {}

  /** Channels playing now, for tests and the console. */
  get channels(): number[] {
    return [...this.sessions.keys()];
  }

  /** 0x9201. */
  request(request: PlaybackRequest): void {
    const running = this.sessions.get(request.channel);
    if (running) this.close(running);
    const session: Session = { request, socket: null, streamer: null, closed: false, early: [] };
    this.sessions.set(request.channel, session);
    connectMediaServer(request.ip, request.tcpPort, this.options.host, this.options.connectTimeoutMs ?? 5000).then(
      (socket) => {
        if (session.closed) socket.destroy();
        else this.attach(session, socket);
      },
      () => {
        this.options.onError?.();
        this.forget(session);
      },
    );
  }

  /** 0x9202. */
  control(c: PlaybackControl): void {
    const session = this.sessions.get(c.channel);
    if (!session) return;
    if (!session.streamer) {
      if (c.control === PlaybackCommand.stop) this.close(session);
      else session.early.push(c);
      return;
    }
    this.apply(session, c);
  }

  closeAll(): void {
    for (const s of [...this.sessions.values()]) this.close(s, true);
  }

  private attach(session: Session, socket: Socket): void {
    const r = session.request;
    session.socket = socket;
    const start = localTimeToEpoch(r.start, this.options.utcOffsetMinutes);
    const end = localTimeToEpoch(r.end, this.options.utcOffsetMinutes);
    const span = start !== undefined && end !== undefined && end > start ? (end - start) * 1000 : OPEN_END_MS;
    const single = r.playbackMode === PlaybackMode.singleFrame;
    const streamer = new CaptureStreamer(socket, {
      clip: (this.options.clip ?? shippedCapture)(),
      sim: this.options.sim,
      simLength: this.options.simLength,
      channel: r.channel,
      tracks: single ? { audio: false, video: true } : tracksFor(r.avType),
      pace: this.pace(r.playbackMode === PlaybackMode.normal ? 0 : r.speed),
      live: false,
      // A single frame is the I-frame due at 0.
      limitMs: single ? 0 : span,
      onEnd: () => this.close(session),
    });
    session.streamer = streamer;
    if (r.playbackMode !== PlaybackMode.normal && r.playbackMode !== PlaybackMode.fastForward) {
      streamer.setKeyframesOnly(true);
    }
    socket.on('data', () => {});
    socket.on('error', () => this.options.onError?.());
    socket.on('close', () => {
      streamer.stop();
      this.forget(session);
    });
    streamer.start();
    for (const c of session.early.splice(0)) this.apply(session, c);
  }

  private apply(session: Session, c: PlaybackControl): void {
    const s = session.streamer!;
    switch (c.control) {
      case PlaybackCommand.resume:
        s.resume();
        break;
      case PlaybackCommand.pause:
        s.pause();
        break;
      case PlaybackCommand.stop:
        this.close(session);
        break;
      case PlaybackCommand.fastForward:
        s.setKeyframesOnly(false);
        s.setPace(this.pace(c.speed));
        break;
      case PlaybackCommand.keyframeRewind:
        s.setKeyframesOnly(true);
        s.setPace(this.pace(c.speed));
        break;
      case PlaybackCommand.seek: {
        const start = localTimeToEpoch(session.request.start, this.options.utcOffsetMinutes);
        const to = localTimeToEpoch(c.seekTime, this.options.utcOffsetMinutes);
        if (start !== undefined && to !== undefined) s.seekTo(Math.max(0, to - start) * 1000);
        break;
      }
      case PlaybackCommand.keyframesOnly:
        s.setKeyframesOnly(true);
        break;
    }
  }

  private pace(speed: number): number {
    return (this.options.pace ?? 1) * speedFactor(speed);
  }

  private close(session: Session, abrupt = false): void {
    session.streamer?.stop();
    const socket = session.socket;
    if (abrupt) socket?.destroy();
    // FIN after what is queued (the end of the recording), then let go even if the server keeps its side open.
    else socket?.end(() => socket.destroy());
    this.forget(session);
  }

  private forget(session: Session): void {
    session.closed = true;
    if (this.sessions.get(session.request.channel) === session) this.sessions.delete(session.request.channel);
  }
}
