/**
 * Terminal audio frames → 16-bit PCM frames for the browser. JT/T 1078 table 12 payload types: 6 G.711A, 7 G.711U.
 * Others (8 G.726, 19 AAC, 26 ADPCMA …) are not decoded on the live path: `decodeAudioFrame` says so by returning
 * undefined, and the caller counts it.
 */
import { decodeG711, stripHisiliconHeader } from './g711.ts';

export const AudioPayloadType = { g711a: 6, g711u: 7 } as const;

export interface PcmFrame {
  /** Stream ms, on the same timeline as the video tags. */
  timestamp: number;
  sampleRate: number;
  channels: number;
  samples: Int16Array;
}

export function decodeAudioFrame(payloadType: number, data: Uint8Array, timestamp: number): PcmFrame | undefined {
  const law = payloadType === AudioPayloadType.g711a ? 'alaw' : payloadType === AudioPayloadType.g711u ? 'ulaw' : null;
  if (!law) return undefined;
  return { timestamp, sampleRate: 8000, channels: 1, samples: decodeG711(law, stripHisiliconHeader(data)) };
}
