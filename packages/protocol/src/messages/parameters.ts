/**
 * Terminal parameters: 0x8103 set, 0x8104 query all, 0x8106 query some, 0x0104 answer (JT/T 808 §8.8–8.11,
 * table 12; reference §3). Each item is ID DWORD + length BYTE + value; the value is typed from PARAM_TYPES
 * but always decoded with its own length byte, and unknown IDs stay raw bytes. The IDs, their names and value
 * types are @headway/spec's (parameters.ts); this file is the wire format only.
 */
import { PARAM_TYPES, type ParamValueMap } from '@headway/spec';
import { Reader, type Writer } from '../codec/bytes.ts';
import { CodecFault } from '../codec/errors.ts';
import { encodeGbk } from '../codec/text.ts';
import { defineCodec, emptyCodec } from './codec.ts';
import { readIdList, writeIdList } from './id-list.ts';

export interface Param {
  id: number;
  /** number for BYTE/WORD/DWORD ids, string for STRING ids, bytes for structured or unknown ids. */
  value: number | string | Uint8Array;
  /** Wire width of a numeric value, only when it differs from the standard one (e.g. 0x0090 sent as 4 bytes). */
  len?: number;
}

const WIDTH: Record<'byte' | 'word' | 'dword', number> = { byte: 1, word: 2, dword: 4 };

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
