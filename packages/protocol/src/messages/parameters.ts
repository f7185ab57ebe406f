/**
 * Terminal parameters: 0x8103 set, 0x8104 query all, 0x8106 query some, 0x0104 answer (JT/T 808 §8.8–8.11,
 * table 12; reference §3). Each item is ID DWORD + length BYTE + value; the value is typed from PARAM_TYPES
 * but always decoded with its own length byte, and unknown IDs stay raw bytes.
 */
import { Reader, type Writer } from '../codec/bytes.ts';
import { CodecFault } from '../codec/errors.ts';
import { encodeGbk } from '../codec/text.ts';
import { defineCodec, emptyCodec } from './codec.ts';
import { readIdList, writeIdList } from './id-list.ts';

export type ParamType = 'byte' | 'word' | 'dword' | 'string' | 'bytes';

export interface Param {
  id: number;
  /** number for BYTE/WORD/DWORD ids, string for STRING ids, bytes for structured or unknown ids. */
  value: number | string | Uint8Array;
  /** Wire width of a numeric value, only when it differs from the standard one (e.g. 0x0090 sent as 4 bytes). */
  len?: number;
}

/** Names for the IDs the console edits (spec §5 / §9) and a few more that gateways read. */
export const ParamId = {
  heartbeatInterval: 0x0001,
  tcpReplyTimeout: 0x0002,
  tcpRetries: 0x0003,
  mainServerApn: 0x0010,
  /** 2013: IP or domain; 2019: `host:port`, several separated by `;`. */
  mainServerAddress: 0x0013,
  backupServerAddress: 0x0017,
  /** 2013 only (reserved in 2019, where the port is in 0x0013). */
  serverTcpPort: 0x0018,
  serverUdpPort: 0x0019,
  reportStrategy: 0x0020,
  reportScheme: 0x0021,
  defaultReportInterval: 0x0029,
  defaultReportDistance: 0x002c,
  cornerAngle: 0x0030,
  geofenceRadius: 0x0031,
  maxSpeed: 0x0055,
  overspeedDuration: 0x0056,
  /** 1/10 km/h. */
  overspeedWarningMargin: 0x005b,
  /** 1/10 km. */
  odometer: 0x0080,
  province: 0x0081,
  city: 0x0082,
  plate: 0x0083,
  plateColor: 0x0084,
  /** Vendor parameters used by the console (spec §9: 65521, 65522); DWORD seconds. */
  vendorFff1: 0xfff1,
  vendorFff2: 0xfff2,
} as const;

function range(from: number, to: number, type: ParamType, into: Map<number, ParamType>): void {
  for (let id = from; id <= to; id++) into.set(id, type);
}

/** Value type of every parameter ID the standards define (2013 table 12, 2019 additions, JT/T 1078, JSATL 12). */
export const PARAM_TYPES: ReadonlyMap<number, ParamType> = (() => {
  const m = new Map<number, ParamType>();
  range(0x0001, 0x0007, 'dword', m); // heartbeat, TCP/UDP/SMS reply timeouts and retries
  range(0x0010, 0x0017, 'string', m); // main/backup APN, user, password, address
  range(0x0018, 0x0019, 'dword', m); // TCP/UDP port (2013)
  m.set(0x001a, 'string'); // IC-card auth server
  range(0x001b, 0x001c, 'dword', m);
  m.set(0x001d, 'string');
  range(0x0020, 0x0022, 'dword', m);
  range(0x0023, 0x0026, 'string', m); // 2019 secondary server
  range(0x0027, 0x0029, 'dword', m);
  range(0x002c, 0x0030, 'dword', m);
  m.set(0x0031, 'word');
  m.set(0x0032, 'bytes'); // 2019 illegal-driving window: start hh, mm, end hh, mm
  range(0x0040, 0x0044, 'string', m); // monitoring / reset / SMS phone numbers
  range(0x0045, 0x0047, 'dword', m);
  range(0x0048, 0x0049, 'string', m);
  range(0x0050, 0x005a, 'dword', m);
  range(0x005b, 0x005e, 'word', m);
  range(0x0064, 0x0065, 'dword', m);
  range(0x0070, 0x0074, 'dword', m);
  range(0x0075, 0x007c, 'bytes', m); // JT/T 1078 structures
  m.set(0x007a, 'dword'); // JT/T 1078 video alarm mask
  m.set(0x0080, 'dword');
  range(0x0081, 0x0082, 'word', m);
  m.set(0x0083, 'string');
  m.set(0x0084, 'byte');
  range(0x0090, 0x0092, 'byte', m);
  m.set(0x0093, 'dword');
  m.set(0x0094, 'byte');
  m.set(0x0095, 'dword');
  m.set(0x0100, 'dword');
  m.set(0x0101, 'word');
  m.set(0x0102, 'dword');
  m.set(0x0103, 'word');
  range(0x0110, 0x01ff, 'bytes', m); // CAN bus ID collection settings, BYTE[8]
  range(0xf364, 0xf367, 'bytes', m); // JSATL 12 ADAS / DSM / TPMS / BSD
  m.set(0xfff1, 'dword');
  m.set(0xfff2, 'dword');
  return m;
})();

const WIDTH: Record<'byte' | 'word' | 'dword', number> = { byte: 1, word: 2, dword: 4 };

/** Typed values of the IDs in `ParamId`. */
export interface ParamValueMap {
  0x0001: number;
  0x0002: number;
  0x0003: number;
  0x0010: string;
  0x0013: string;
  0x0017: string;
  0x0018: number;
  0x0019: number;
  0x0020: number;
  0x0021: number;
  0x0029: number;
  0x002c: number;
  0x0030: number;
  0x0031: number;
  0x0055: number;
  0x0056: number;
  0x005b: number;
  0x0080: number;
  0x0081: number;
  0x0082: number;
  0x0083: string;
  0x0084: number;
  0xfff1: number;
  0xfff2: number;
}

/** Last value of a parameter in a list (multi-valued parameters repeat the ID), typed by ID. */
export function paramValue<K extends keyof ParamValueMap>(
  params: readonly Param[],
  id: K,
): ParamValueMap[K] | undefined {
  for (let i = params.length - 1; i >= 0; i--) {
    const p = params[i]!;
    if (p.id === id) return p.value as ParamValueMap[K];
  }
  return undefined;
}

export function readParamValue(r: Reader, id: number, len: number): Param {
  const type = PARAM_TYPES.get(id);
  if (type === 'string') return { id, value: r.str(len) };
  if (type === 'byte' || type === 'word' || type === 'dword') {
    if (len === 1 || len === 2 || len === 4) {
      const value = r.uint(len);
      return len === WIDTH[type] ? { id, value } : { id, value, len };
    }
  }
  return { id, value: r.bytes(len) };
}

export function writeParam(w: Writer, p: Param): void {
  w.u32(p.id);
  const v = p.value;
  let bytes: Uint8Array;
  if (typeof v === 'number') {
    const type = PARAM_TYPES.get(p.id);
    const len = p.len ?? (type === 'byte' || type === 'word' || type === 'dword' ? WIDTH[type] : 4);
    w.u8(len).uint(v, len);
    return;
  }
  if (typeof v === 'string') bytes = encodeGbk(v);
  else bytes = v;
  if (bytes.length > 255)
    throw new CodecFault('ENCODE_INVALID', `parameter 0x${p.id.toString(16)} longer than 255 bytes`);
  w.u8(bytes.length).bytes(bytes);
}

/**
 * Strict TLV walk from `pos`: the number of items when they end exactly at `end`, else -1. Used only to resync,
 * so it also insists on plausible IDs (non-zero, at most 0xFFFF — every ID the standards and vendors use).
 */
function cleanWalk(buf: Uint8Array, pos: number, end: number): number {
  let n = 0;
  while (pos + 5 <= end) {
    if (buf[pos] !== 0 || buf[pos + 1] !== 0 || (buf[pos + 2] === 0 && buf[pos + 3] === 0)) return -1;
    pos += 5 + buf[pos + 4]!;
    n++;
  }
  return pos === end ? n : -1;
}

interface ParamList {
  params: Param[];
  skippedBytes: number;
  unparsed?: Uint8Array;
}

/**
 * Reads parameter items to the end of the body. A run of 0x00 bytes would read as ID 0 / length 0 items
 * (a real device put 150 of them inside a 0x0104, reference §3). The walker skips the run only when the rest of
 * the body then parses exactly *and* the item total matches the declared count; otherwise it stops and keeps the
 * rest as `unparsed` rather than inventing parameters (that same device also sent DWORD lengths after the run).
 */
function readParamList(r: Reader, declared: number, partial: boolean): ParamList {
  const params: Param[] = [];
  const buf = r.buf;
  let skippedBytes = 0;
  while (r.pos < r.end) {
    if (partial && (r.remaining < 5 || r.remaining < 5 + buf[r.pos + 4]!)) break;
    const at = r.pos;
    const id = r.u32();
    const len = r.u8();
    if (id === 0 && len === 0) {
      let p = at;
      while (p < r.end && buf[p] === 0) p++;
      let resume = -1;
      for (let c = Math.max(at, p - 3); c <= p && c < r.end; c++) {
        if (params.length + cleanWalk(buf, c, r.end) === declared) {
          resume = c;
          break;
        }
      }
      if (resume < 0) {
        if (partial) break; // a first fragment ends mid-list: nothing after the run can be proven yet
        return { params, skippedBytes, unparsed: buf.slice(at, r.end) };
      }
      skippedBytes += resume - at;
      r.pos = resume;
      continue;
    }
    r.need(len);
    const end = r.end;
    r.end = r.pos + len;
    params.push(readParamValue(r, id, len));
    r.pos = r.end;
    r.end = end;
  }
  return { params, skippedBytes };
}

/** 0x8103 set parameters. */
export interface SetParams {
  params: Param[];
}

/** 0x8106 query given parameters. */
export interface QueryParams {
  ids: number[];
}

/** 0x0104 parameter answer. `paramCount` is the declared count (devices get it wrong; trust `params`). */
export interface ParamsResponse {
  /** The query's flow id (one device echoes the query's message ID 0x8104 here instead). */
  replyFlowId: number;
  paramCount: number;
  params: Param[];
  /** Stray zero bytes skipped inside the list (device quirk); absent when none. */
  skippedBytes?: number;
  /** Bytes after a zero run that could not be read as parameters (device quirk); absent when none. */
  unparsed?: Uint8Array;
}

export const parameterCodecs = [
  defineCodec(
    0x8103,
    'set terminal parameters',
    (r, ctx): SetParams => {
      const count = r.u8();
      return { params: readParamList(r, count, ctx.partial).params };
    },
    (w, b) => {
      w.u8(b.params.length & 0xff);
      for (const p of b.params) writeParam(w, p);
    },
  ),
  emptyCodec(0x8104, 'query all terminal parameters'),
  defineCodec(0x8106, 'query terminal parameters', (r): QueryParams => readIdList(r), writeIdList),
  defineCodec(
    0x0104,
    'query terminal parameters response',
    (r, ctx): ParamsResponse => {
      const replyFlowId = r.u16();
      const paramCount = r.u8();
      const { params, skippedBytes, unparsed } = readParamList(r, paramCount, ctx.partial);
      const out: ParamsResponse = { replyFlowId, paramCount, params };
      if (skippedBytes > 0) out.skippedBytes = skippedBytes;
      if (unparsed) out.unparsed = unparsed;
      return out;
    },
    (w, b) => {
      w.u16(b.replyFlowId).u8(b.paramCount & 0xff);
      for (const p of b.params) writeParam(w, p);
      if (b.unparsed) w.bytes(b.unparsed);
    },
  ),
] as const;

/** Decodes a standalone parameter value (e.g. from a stored command), typed by ID. */
export function decodeParamValue(id: number, bytes: Uint8Array): Param {
  return readParamValue(new Reader(bytes), id, bytes.length);
}
