/**
 * FLV container (Adobe FLV spec v10.1 annex E; Enhanced RTMP v1 for the extended video header): the 9-byte file
 * header and tags, each followed by its PreviousTagSize so a tag buffer can be written to any viewer as is.
 */

export const FlvTagType = { audio: 8, video: 9, script: 18 } as const;

/** Header + PreviousTagSize0. Announce only the tracks we send: mpegts.js waits for a track the header promises. */
export function flvHeader(tracks: { video: boolean; audio: boolean }): Uint8Array {
  return Uint8Array.of(
    0x46, // 'F'
    0x4c, // 'L'
    0x56, // 'V'
    1, // version
    (tracks.audio ? 0x04 : 0) | (tracks.video ? 0x01 : 0),
    0,
    0,
    0,
    9, // DataOffset: header size
    0,
    0,
    0,
    0, // PreviousTagSize0
  );
}

/**
 * One tag with `bodySize` bytes of body to be filled from offset 11, and its PreviousTagSize (11 + body) at the end.
 * Timestamp is ms, 24 bits + TimestampExtended as the upper 8; StreamID 0.
 */
export function allocTag(type: number, timestampMs: number, bodySize: number): Uint8Array {
  const out = new Uint8Array(11 + bodySize + 4);
  const ts = timestampMs >>> 0;
  out[0] = type;
  out[1] = bodySize >>> 16;
  out[2] = (bodySize >>> 8) & 0xff;
  out[3] = bodySize & 0xff;
  out[4] = (ts >>> 16) & 0xff;
  out[5] = (ts >>> 8) & 0xff;
  out[6] = ts & 0xff;
  out[7] = ts >>> 24;
  const prev = 11 + bodySize;
  const e = 11 + bodySize;
  out[e] = prev >>> 24;
  out[e + 1] = (prev >>> 16) & 0xff;
  out[e + 2] = (prev >>> 8) & 0xff;
  out[e + 3] = prev & 0xff;
  return out;
}

/** A whole tag around an existing body. */
export function flvTag(type: number, timestampMs: number, body: Uint8Array): Uint8Array {
  const out = allocTag(type, timestampMs, body.length);
  out.set(body, 11);
  return out;
}
