import { G711_SAMPLE_RATE, LIVE_VIDEO_TIMEOUT_MS, TALK_SAMPLE_RATE } from '@headway/spec';
import { videoApi } from '../api';
import { openPcmOutput, type PcmOutput } from '../player/pcm-audio';
import { Resampler } from '../player/resample';
import { wsUrl } from '../player/source-url';
import { FrameCutter } from './frames';
import { alawEncode } from './g711a';
import { microphoneError, parseServerState, type TalkError, type TalkEvent } from './talk-machine';

// One call: microphone → 16 kHz context (the spec's talk sample rate) → 8 kHz → G.711A → the talk WebSocket; the
// terminal's voice comes back as Int16LE 8 kHz PCM and plays through the PCM worklet. Every outcome is an event
// for the talk machine; `hangUp` releases the microphone, the socket and both audio contexts.

export interface TalkCounters {
  sent: number;
  received: number;
  /** Microphone level 0–1 (RMS of the last batch), for the meter. */
  level: number;
}

let captureUrl: Promise<string> | null = null;
function loadCaptureUrl(): Promise<string> {
  captureUrl ??= import('./capture-worklet.js?url').then((m: { default: string }) => m.default);
  return captureUrl;
}

export class TalkSession {
  private stream: MediaStream | null = null;
  private context: AudioContext | null = null;
  private socket: WebSocket | null = null;
  private output: PcmOutput | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ended = false;
  readonly counters: TalkCounters = { sent: 0, received: 0, level: 0 };

  constructor(
    private readonly imei: string,
    private readonly chn: number,
    private readonly emit: (event: TalkEvent) => void,
    private readonly onCounters: (counters: TalkCounters) => void,
  ) {}

  async start(): Promise<void> {
    this.emit({ type: 'start' });
    if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      this.fail('httpsRequired');
      return;
    }
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      });
    } catch (error) {
      this.fail(microphoneError(error, window.isSecureContext));
      return;
    }
    if (this.ended) return this.release();
    let url: string | null | undefined;
    try {
      url = (await videoApi.talkPlay({ imei: this.imei, chn: this.chn })).system_av_rtp?.talk_web_socket;
    } catch {
      this.fail('requestFailed');
      return;
    }
    if (this.ended) return this.release();
    if (!url) {
      this.fail('wssUrlNull');
      return;
    }
    try {
      await this.openAudio();
    } catch {
      this.fail('codecUnsupported');
      return;
    }
    this.openSocket(url);
  }

  /** The user hung up (or closed the window). */
  hangUp(): void {
    if (this.ended) return;
    this.emit({ type: 'hangUp' });
    this.ended = true;
    void videoApi.talkStop({ imei: this.imei, chn: this.chn }).catch(() => undefined);
    this.release();
  }

  private fail(error: TalkError) {
    this.emit({ type: 'fail', error });
    this.ended = true;
    this.release();
  }

  private async openAudio(): Promise<void> {
    if (!this.stream) return;
    // A 16 kHz context makes the browser resample the microphone (whatever its rate) with its own filter.
    const context = new AudioContext({ sampleRate: TALK_SAMPLE_RATE, latencyHint: 'interactive' });
    this.context = context;
    await context.audioWorklet.addModule(await loadCaptureUrl());
    const source = context.createMediaStreamSource(this.stream);
    const capture = new AudioWorkletNode(context, 'headway-mic-capture', { numberOfOutputs: 0 });
    const resampler = new Resampler(context.sampleRate, G711_SAMPLE_RATE);
    const cutter = new FrameCutter();
    capture.port.onmessage = (event: MessageEvent<Float32Array>) => {
      const samples = event.data;
      let sum = 0;
      for (const s of samples) sum += s * s;
      this.counters.level = Math.sqrt(sum / Math.max(1, samples.length));
      const socket = this.socket;
      if (!socket || socket.readyState !== WebSocket.OPEN) return;
      for (const frame of cutter.push(alawEncode(resampler.push(samples)))) {
        socket.send(frame);
        this.counters.sent += frame.length;
      }
      this.onCounters({ ...this.counters });
    };
    source.connect(capture);
    await context.resume();
    this.output = await openPcmOutput();
  }

  private openSocket(url: string): void {
    let socket: WebSocket;
    try {
      socket = new WebSocket(wsUrl(url));
    } catch {
      this.fail('crossOrigin');
      return;
    }
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    this.timer = setTimeout(() => {
      this.emit({ type: 'expired' });
    }, LIVE_VIDEO_TIMEOUT_MS);
    socket.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
      if (typeof event.data === 'string') {
        const state = parseServerState(event.data);
        if (!state) return;
        if (this.timer) clearTimeout(this.timer);
        this.emit({ type: 'server', state });
        if (state === 'busy' || state === 'disconnected' || state === 'timeout') {
          this.ended = true;
          this.release();
        }
        return;
      }
      this.counters.received += event.data.byteLength;
      this.output?.push(event.data);
      this.onCounters({ ...this.counters });
    };
    socket.onerror = () => {
      if (!this.ended) this.fail('socketError');
    };
    socket.onclose = (event) => {
      if (this.ended) return;
      this.emit({ type: 'closed', code: event.code });
      this.ended = true;
      this.release();
    };
  }

  private release(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    if (this.socket) {
      this.socket.onmessage = null;
      this.socket.onerror = null;
      this.socket.onclose = null;
      this.socket.close();
      this.socket = null;
    }
    void this.context?.close().catch(() => undefined);
    this.context = null;
    void this.output?.close().catch(() => undefined);
    this.output = null;
  }
}
