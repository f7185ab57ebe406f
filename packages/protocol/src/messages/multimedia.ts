/** Camera and multimedia: 0x0800, 0x0801 → 0x8800, 0x8801 → 0x0805 (JT/T 808 §8.50–8.56; reference §7). */
import { type LocationBasic, readBasic, writeBasic } from '../location/report.ts';
import { defineCodec } from './codec.ts';

/** 0x0800 multimedia event. */
export interface MediaEvent {
  mediaId: number;
  /** 0 image, 1 audio, 2 video. */
  mediaType: number;
  /** 0 JPEG, 1 TIF, 2 MP3, 3 WAV, 4 WMV. */
  format: number;
  /** 0 platform command, 1 timer, 2 robbery alarm, 3 collision/rollover, 4 door open, 5 door close, 6 door + speed, 7 distance. */
  event: number;
  channel: number;
}

/** 0x0801 multimedia data upload; usually fragmented, only the first fragment holds the 36-byte prefix. */
export interface MediaData extends MediaEvent {
  /** The 28-byte basic location block (no additional items). */
  location: LocationBasic;
  data: Uint8Array;
}

/** 0x8800 multimedia data upload response. */
export interface MediaDataResponse {
  mediaId: number;
  /** Packet indices to resend; empty = everything received. */
  retransmitIds: number[];
}

/** 0x8801 take photo / video now. */
export interface TakePhoto {
  channel: number;
  /** 0 stop, 0xFFFF record video, otherwise the number of photos. */
  command: number;
  /** Photo interval / recording time, s. */
  interval: number;
  /** 1 store on the terminal, 0 upload in real time. */
  save: number;
  /** 1 320×240 … 8 704×576; 2019 adds 0 lowest, 0xFF highest. */
  resolution: number;
  /** 1–10, 1 = best. */
  quality: number;
  brightness: number;
  contrast: number;
  saturation: number;
  chroma: number;
}

/** 0x0805 take photo response. */
export interface TakePhotoResponse {
  replyFlowId: number;
  /** 0 ok, 1 failed, 2 channel unsupported. */
  result: number;
  mediaIds: number[];
}

export const multimediaCodecs = [
  defineCodec(
    0x0800,
    'multimedia event',
    (r): MediaEvent => ({ mediaId: r.u32(), mediaType: r.u8(), format: r.u8(), event: r.u8(), channel: r.u8() }),
    (w, b) => {
      w.u32(b.mediaId).u8(b.mediaType).u8(b.format).u8(b.event).u8(b.channel);
    },
  ),
  defineCodec(
    0x0801,
    'multimedia data upload',
    (r): MediaData => ({
      mediaId: r.u32(),
      mediaType: r.u8(),
      format: r.u8(),
      event: r.u8(),
      channel: r.u8(),
      location: readBasic(r),
      data: r.rest(),
    }),
    (w, b) => {
      w.u32(b.mediaId).u8(b.mediaType).u8(b.format).u8(b.event).u8(b.channel);
      writeBasic(w, b.location);
      w.bytes(b.data);
    },
  ),
  defineCodec(
    0x8800,
    'multimedia data upload response',
    (r): MediaDataResponse => {
      const mediaId = r.u32();
      const retransmitIds: number[] = [];
      if (r.remaining > 0) {
        const n = r.u8();
        for (let i = 0; i < n; i++) retransmitIds.push(r.u16());
      }
      return { mediaId, retransmitIds };
    },
    (w, b) => {
      w.u32(b.mediaId);
      if (b.retransmitIds.length > 0) {
        w.u8(b.retransmitIds.length);
        for (const id of b.retransmitIds) w.u16(id);
      }
    },
  ),
  defineCodec(
    0x8801,
    'take photo',
    (r): TakePhoto => ({
      channel: r.u8(),
      command: r.u16(),
      interval: r.u16(),
      save: r.u8(),
      resolution: r.u8(),
      quality: r.u8(),
      brightness: r.u8(),
      contrast: r.u8(),
      saturation: r.u8(),
      chroma: r.u8(),
    }),
    (w, b) => {
      w.u8(b.channel).u16(b.command).u16(b.interval).u8(b.save).u8(b.resolution).u8(b.quality);
      w.u8(b.brightness).u8(b.contrast).u8(b.saturation).u8(b.chroma);
    },
  ),
  defineCodec(
    0x0805,
    'take photo response',
    (r): TakePhotoResponse => {
      const replyFlowId = r.u16();
      const result = r.u8();
      const mediaIds: number[] = [];
      if (r.remaining >= 2) {
        const n = r.u16();
        for (let i = 0; i < n; i++) mediaIds.push(r.u32());
      }
      return { replyFlowId, result, mediaIds };
    },
    (w, b) => {
      w.u16(b.replyFlowId).u8(b.result);
      if (b.result === 0 || b.mediaIds.length > 0) {
        w.u16(b.mediaIds.length);
        for (const id of b.mediaIds) w.u32(id);
      }
    },
  ),
] as const;
