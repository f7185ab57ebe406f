/** Location messages: 0x0200 report, 0x8201/0x0201 query, 0x8202 temporary tracking, 0x0704 batch (reference §5). */
import { type LocationReport, readReport, writeReport } from '../location/report.ts';
import { defineCodec, emptyCodec } from './codec.ts';

/** 0x0201 answer to 0x8201: the query's flow id followed by a 0x0200 body. */
export interface LocationQueryResponse extends LocationReport {
  replyFlowId: number;
}

/** 0x8202 temporary tracking. */
export interface TemporaryTracking {
  /** Seconds between reports; 0 stops tracking (validity is then absent). */
  interval: number;
  /** Seconds the tracking stays on. */
  validity?: number;
}

/** 0x0704 batch / blind-area upload. */
export interface LocationBatch {
  /** 0 normal batch, 1 blind-area back-fill. */
  type: number;
  locations: LocationReport[];
}

export const locationCodecs = [
  defineCodec(
    0x0200,
    'location report',
    (r, ctx) => readReport(r, ctx.flags),
    (w, b) => writeReport(w, b),
  ),
  emptyCodec(0x8201, 'location query'),
  defineCodec(
    0x0201,
    'location query response',
    (r, ctx): LocationQueryResponse => {
      const replyFlowId = r.u16();
      return { replyFlowId, ...readReport(r, ctx.flags) };
    },
    (w, b) => {
      w.u16(b.replyFlowId);
      writeReport(w, b);
    },
  ),
  defineCodec(
    0x8202,
    'temporary location tracking',
    (r): TemporaryTracking => {
      const interval = r.u16();
      return r.remaining >= 4 ? { interval, validity: r.u32() } : { interval };
    },
    (w, b) => {
      w.u16(b.interval);
      if (b.validity !== undefined) w.u32(b.validity);
    },
  ),
  defineCodec(
    0x0704,
    'location batch upload',
    (r, ctx): LocationBatch => {
      const count = r.u16();
      const type = r.u8();
      const locations: LocationReport[] = [];
      for (let i = 0; i < count; i++) {
        if (ctx.partial && r.remaining < 2) break;
        const len = r.u16();
        r.need(len);
        const end = r.end;
        const itemEnd = r.pos + len;
        r.end = itemEnd;
        locations.push(readReport(r, ctx.flags));
        r.end = end;
        r.pos = itemEnd;
      }
      return { type, locations };
    },
    (w, b) => {
      w.u16(b.locations.length).u8(b.type);
      for (const l of b.locations) {
        const lenAt = w.pos;
        w.u16(0);
        writeReport(w, l);
        const len = w.pos - lenAt - 2;
        w.buf[lenAt] = len >>> 8;
        w.buf[lenAt + 1] = len & 0xff;
      }
    },
  ),
] as const;
