import { encodeRtpPacket, RtpDataType, RtpMark } from '@headway/protocol';

/** JT/T 1078 table 12: G.711A. */
export const G711A_PAYLOAD = 6;
/** JT/T 1078 §5.5.3: a packet's body is at most 950 bytes; longer audio is cut into subpackages. */
export const MAX_PACKET_BODY = 950;
/** 8 kHz, one byte per G.711 sample: 8 bytes per millisecond. */
const BYTES_PER_MS = 8;

/**
 * The platform's voice to a terminal (two-way talk): G.711A bytes from the browser as JT/T 1078 audio packets
 * (data type 3, payload type 6) on the terminal's talk connection, with running sequence numbers and timestamps
 * counted in samples, so the terminal plays them at the pace they were spoken.
 */
export class TalkPacketizer {
  private seq = 0;
  private samples = 0;

  constructor(
    /** The SIM digits as the terminal's own packets carry them. */
    private readonly sim: string,
    private readonly channel: number,
  ) {}

  packets(g711a: Uint8Array): Uint8Array[] {
    const count = Math.max(1, Math.ceil(g711a.length / MAX_PACKET_BODY));
    const timestamp = Math.floor(this.samples / BYTES_PER_MS);
    const out: Uint8Array[] = [];
    for (let i = 0; i < count; i++) {
      const mark =
        count === 1 ? RtpMark.atomic : i === 0 ? RtpMark.first : i === count - 1 ? RtpMark.last : RtpMark.middle;
      out.push(
        encodeRtpPacket({
          version: 2,
          padding: false,
          extension: false,
          csrcCount: 1,
          marker: i === count - 1,
          payloadType: G711A_PAYLOAD,
          seq: this.seq,
          sim: this.sim,
          channel: this.channel,
          dataType: RtpDataType.audio,
          subpackageMark: mark,
          timestamp,
          payload: g711a.subarray(i * MAX_PACKET_BODY, (i + 1) * MAX_PACKET_BODY),
        }),
      );
      this.seq = (this.seq + 1) & 0xffff;
    }
    this.samples += g711a.length;
    return out;
  }
}
