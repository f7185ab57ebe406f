/**
 * Annex B video access units → FLV video tags. One instance per stream: it remembers the parameter sets, emits the
 * sequence header (decoder configuration record) before the first keyframe and again whenever they change, and
 * drops frames until there is something a decoder can start from.
 */
import { lengthPrefixedSize, splitAnnexB, toLengthPrefixed } from './annexb.ts';
import { avcDecoderConfigurationRecord, H264Nal, h264NalType } from './avc.ts';
import { allocTag, FlvTagType } from './flv-writer.ts';
import { HevcNal, hevcDecoderConfigurationRecord, hevcNalType, isHevcIrap } from './hevc.ts';

export type VideoCodec = 'h264' | 'h265';

/**
 * How H.265 goes into FLV. 'enhanced': Enhanced RTMP v1 extended header with FourCC 'hvc1' (ffmpeg ≥ 6.1, OBS,
 * SRS, mpegts.js ≥ 1.7.3). 'codec12': the older CodecID 12 convention of Chinese CDNs (mpegts.js ≥ 1.7.0, many
 * Chinese players). mpegts.js plays both.
 */
export type HevcFlvForm = 'enhanced' | 'codec12';

export interface VideoFrameIn {
  codec: VideoCodec;
  /** Stream ms (see Timeline). */
  timestamp: number;
  /** One access unit in Annex B form. */
  data: Uint8Array;
  /** The terminal marked it an I-frame (1078 data type 0). */
  iFrame?: boolean;
}

export interface FlvVideoTag {
  /** Tag header + body + PreviousTagSize: write as is. */
  bytes: Uint8Array;
  timestamp: number;
  keyframe: boolean;
  sequenceHeader: boolean;
}

export interface FlvVideoMuxerOptions {
  hevcForm?: HevcFlvForm;
}

const FRAME_KEY = 1;
const FRAME_INTER = 2;
const ENHANCED = 0x80;
const HVC1 = [0x68, 0x76, 0x63, 0x31]; // 'hvc1'
const PACKET_SEQUENCE = 0;
const PACKET_NALU = 1;

export class FlvVideoMuxer {
  private readonly hevcForm: HevcFlvForm;
  private codec: VideoCodec | undefined;
  private vps: Uint8Array[] = [];
  private sps: Uint8Array[] = [];
  private pps: Uint8Array[] = [];
  private started = false;
  /** The sequence header tag in force (for late viewers). */
  sequenceHeader: FlvVideoTag | undefined;
  readonly stats = {
    frames: 0,
    tags: 0,
    sequenceHeaders: 0,
    badParameterSets: 0,
    droppedBeforeKeyframe: 0,
    droppedEmpty: 0,
  };

  constructor(opts: FlvVideoMuxerOptions = {}) {
    this.hevcForm = opts.hevcForm ?? 'enhanced';
  }

  push(frame: VideoFrameIn): FlvVideoTag[] {
    this.stats.frames++;
    if (frame.codec !== this.codec) {
      // A codec switch (stream re-requested with other settings) starts over: new parameter sets, new keyframe.
      this.codec = frame.codec;
      this.vps = [];
      this.sps = [];
      this.pps = [];
      this.started = false;
      this.sequenceHeader = undefined;
    }
    const h265 = frame.codec === 'h265';
    const nals = splitAnnexB(frame.data);
    const vps: Uint8Array[] = [];
    const sps: Uint8Array[] = [];
    const pps: Uint8Array[] = [];
    const slices: Uint8Array[] = [];
    let irap = false;
    for (const nal of nals) {
      if (h265) {
        const t = hevcNalType(nal);
        if (t === HevcNal.vps) vps.push(nal);
        else if (t === HevcNal.sps) sps.push(nal);
        else if (t === HevcNal.pps) pps.push(nal);
        else if (t !== HevcNal.aud) {
          if (isHevcIrap(t)) irap = true;
          slices.push(nal);
        }
      } else {
        const t = h264NalType(nal);
        if (t === H264Nal.sps) sps.push(nal);
        else if (t === H264Nal.pps) pps.push(nal);
        else if (t !== H264Nal.aud) {
          if (t === H264Nal.idr) irap = true;
          slices.push(nal);
        }
      }
    }
    const out: FlvVideoTag[] = [];
    if (this.updateParameterSets(vps, sps, pps, h265)) {
      const record = this.record(h265);
      if (record) {
        this.sequenceHeader = this.tag(frame.timestamp, FRAME_KEY, PACKET_SEQUENCE, [record], false, h265);
        this.sequenceHeader.sequenceHeader = true;
        this.stats.sequenceHeaders++;
        out.push(this.sequenceHeader);
      } else {
        // A parameter set we cannot read (truncated, corrupt): nothing can be shown until a good one comes.
        this.stats.badParameterSets++;
        this.sequenceHeader = undefined;
      }
    }
    const keyframe = irap || frame.iFrame === true;
    if (!this.sequenceHeader || (!this.started && !keyframe)) {
      this.stats.droppedBeforeKeyframe++;
      return out;
    }
    if (slices.length === 0) {
      this.stats.droppedEmpty++;
      return out;
    }
    this.started = true;
    out.push(this.tag(frame.timestamp, keyframe ? FRAME_KEY : FRAME_INTER, PACKET_NALU, slices, true, h265));
    return out;
  }

  private record(h265: boolean): Uint8Array | undefined {
    try {
      return h265
        ? hevcDecoderConfigurationRecord(this.vps, this.sps, this.pps)
        : avcDecoderConfigurationRecord(this.sps, this.pps);
    } catch {
      return undefined;
    }
  }

  /** Takes new parameter sets; true when the set in force changed and is complete. */
  private updateParameterSets(vps: Uint8Array[], sps: Uint8Array[], pps: Uint8Array[], h265: boolean): boolean {
    let changed = false;
    if (vps.length > 0 && !sameList(vps, this.vps)) {
      this.vps = vps.map((n) => n.slice());
      changed = true;
    }
    if (sps.length > 0 && !sameList(sps, this.sps)) {
      this.sps = sps.map((n) => n.slice());
      changed = true;
    }
    if (pps.length > 0 && !sameList(pps, this.pps)) {
      this.pps = pps.map((n) => n.slice());
      changed = true;
    }
    const complete = this.sps.length > 0 && this.pps.length > 0 && (!h265 || this.vps.length > 0);
    if (changed && complete) this.started = false; // new configuration: the next frame shown must be a keyframe
    return changed && complete;
  }

  private tag(
    timestamp: number,
    frameType: number,
    packetType: number,
    parts: Uint8Array[],
    lengthPrefixed: boolean,
    h265: boolean,
  ): FlvVideoTag {
    this.stats.tags++;
    const enhanced = h265 && this.hevcForm === 'enhanced';
    // Legacy header: frame type/codec, packet type, CTS (3). Enhanced: ex-flag/frame type/packet type, FourCC, and
    // CTS (3) only on coded frames. CTS is always 0: terminals send no B-frames (decode order = display order).
    const head = enhanced ? (packetType === PACKET_NALU ? 8 : 5) : 5;
    const payload = lengthPrefixed ? lengthPrefixedSize(parts) : parts[0]!.length;
    const bytes = allocTag(FlvTagType.video, timestamp, head + payload);
    if (enhanced) {
      bytes[11] = ENHANCED | (frameType << 4) | packetType;
      bytes.set(HVC1, 12);
    } else {
      bytes[11] = (frameType << 4) | (h265 ? 12 : 7);
      bytes[12] = packetType;
    }
    if (lengthPrefixed) toLengthPrefixed(parts, bytes, 11 + head);
    else bytes.set(parts[0]!, 11 + head);
    return { bytes, timestamp, keyframe: frameType === FRAME_KEY, sequenceHeader: false };
  }
}

function sameList(a: readonly Uint8Array[], b: readonly Uint8Array[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (x[j] !== y[j]) return false;
  }
  return true;
}
