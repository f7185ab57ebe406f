import { G711_SAMPLE_RATE } from '@headway/spec';
import { pcm16ToFloat, Resampler } from './resample';
import { wsUrl } from './source-url';

// The terminals' audio, which MSE cannot play inside FLV (G.711): the media server decodes it to Int16LE 8 kHz
// mono PCM on a WebSocket; here it is resampled to the audio context's rate and handed to an AudioWorklet.
// Started by a click (unmute), so the AudioContext is allowed to run.

let workletUrl: Promise<string> | null = null;
function loadWorkletUrl(): Promise<string> {
  workletUrl ??= import('./pcm-worklet.js?url').then((m: { default: string }) => m.default);
  return workletUrl;
}

export interface PcmOutput {
  /** Plays 8 kHz Int16LE PCM bytes. */
  push(bytes: ArrayBuffer): void;
  close(): Promise<void>;
}

/** An output for 8 kHz PCM on its own AudioContext. */
export async function openPcmOutput(): Promise<PcmOutput> {
  const context = new AudioContext({ latencyHint: 'interactive' });
  await context.audioWorklet.addModule(await loadWorkletUrl());
  const node = new AudioWorkletNode(context, 'headway-pcm-player', {
    numberOfInputs: 0,
    outputChannelCount: [1],
    processorOptions: { maxSamples: Math.round(context.sampleRate * 0.4) },
  });
  node.connect(context.destination);
  await context.resume();
  const resampler = new Resampler(G711_SAMPLE_RATE, context.sampleRate);
  return {
    push(bytes) {
      const samples = resampler.push(pcm16ToFloat(bytes));
      if (samples.length > 0) node.port.postMessage(samples, [samples.buffer]);
    },
    async close() {
      node.disconnect();
      await context.close();
    },
  };
}

/** Plays a channel's PCM WebSocket until the returned function is called. */
export async function playPcmSocket(path: string, onError: (reason: string) => void): Promise<() => void> {
  const output = await openPcmOutput();
  const socket = new WebSocket(wsUrl(path));
  socket.binaryType = 'arraybuffer';
  socket.onmessage = (event: MessageEvent<ArrayBuffer | string>) => {
    if (typeof event.data !== 'string') output.push(event.data);
  };
  socket.onerror = () => onError('socket error');
  return () => {
    socket.onmessage = null;
    socket.onerror = null;
    socket.close();
    void output.close();
  };
}
