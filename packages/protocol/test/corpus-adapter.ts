/**
 * The one place where the conformance corpus's `expect` format meets the codec's field names.
 * Corpus → codec differences handled here:
 *  - IDs as `"0x…"` strings → numbers; keys ending in `Hex` → hex of the codec's bytes field without the suffix;
 *  - 0x0200 `alarm` → `alarmFlags`; `lat`/`lng` are unsigned in the corpus, signed in the codec;
 *  - `alarm64` hex → `videoAlarmFlags` (first DWORD) + `alarmFlags` (last DWORD);
 *  - counts (`count`, `paramCount`, `vertexCount`, `pointCount`) the codec derives from its arrays;
 *  - item / parameter `len`, `hex`, `value`, `string` are checked against the bytes the codec re-encodes;
 *  - polygon vertices `[lat, lng]` → `{ lat, lng }`; 0x0801 `dataLength` → `data.length`.
 */
import { Writer } from '../src/codec/bytes.ts';
import { toHex } from '../src/codec/hex.ts';
import { decodeGbk } from '../src/codec/text.ts';
import { itemValueBytes, type LocationItem } from '../src/location/items.ts';
import { type Param, writeParam } from '../src/messages/parameters.ts';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = Record<string, unknown>;

const COUNT_OF: Record<string, string[]> = {
  count: ['locations', 'files', 'areas', 'ids', 'retransmit', 'mediaIds'],
  paramCount: ['params'],
  vertexCount: ['vertices'],
  pointCount: ['points'],
};

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

function hexNum(s: string): number | undefined {
  return /^0x[0-9a-f]+$/i.test(s) ? Number.parseInt(s.slice(2), 16) : undefined;
}

function beUint(b: Uint8Array): number {
  let v = 0;
  for (const x of b) v = v * 256 + x;
  return v;
}

function itemBytes(item: LocationItem): Uint8Array {
  return 'raw' in item && item.raw instanceof Uint8Array ? item.raw : itemValueBytes(item, new Writer(64));
}

function paramBytes(p: Param): Uint8Array {
  const w = new Writer(64);
  writeParam(w, p);
  return w.finish().subarray(5);
}

/** Compares expected (corpus) with actual (codec), appending mismatches to `errors`. Partial: only expected keys. */
export function match(exp: Json, act: unknown, path: string, errors: string[], ctx: { key?: string } = {}): void {
  if (typeof exp === 'string' && typeof act === 'number') {
    const n = hexNum(exp);
    if (n !== act) errors.push(`${path}: expected ${exp}, got ${act}`);
    return;
  }
  if (Array.isArray(exp)) {
    if (!Array.isArray(act)) {
      errors.push(`${path}: expected array, got ${typeof act}`);
      return;
    }
    if (exp.length !== act.length) errors.push(`${path}: expected ${exp.length} entries, got ${act.length}`);
    for (let i = 0; i < Math.min(exp.length, act.length); i++) {
      const e = exp[i]!;
      const a = act[i];
      if (ctx.key === 'items' && isObj(e) && isObj(a) && 'len' in e)
        matchItem(e, a as unknown as LocationItem, `${path}[${i}]`, errors);
      else if (ctx.key === 'params' && isObj(e) && isObj(a))
        matchParam(e, a as unknown as Param, `${path}[${i}]`, errors);
      else if (Array.isArray(e) && e.length === 2 && isObj(a) && 'lat' in a) {
        match(e[0]!, a.lat, `${path}[${i}].lat`, errors);
        match(e[1]!, a.lng, `${path}[${i}].lng`, errors);
      } else match(e, a, `${path}[${i}]`, errors);
    }
    return;
  }
  if (isObj(exp)) {
    if (!isObj(act)) {
      errors.push(`${path}: expected object, got ${JSON.stringify(act)}`);
      return;
    }
    const signedLatLng = 'latRaw' in act;
    for (const [k, e] of Object.entries(exp)) {
      const p = `${path}.${k}`;
      if (k in act) {
        const a = act[k];
        if (signedLatLng && (k === 'lat' || k === 'lng') && typeof a === 'number') match(e, Math.abs(a), p, errors);
        else match(e, a, p, errors, { key: k });
        continue;
      }
      if (k === 'alarm' && 'alarmFlags' in act) match(e, act.alarmFlags, p, errors);
      else if (k === 'alarm64' && 'alarmFlags' in act) {
        const hex =
          (act.videoAlarmFlags as number).toString(16).padStart(8, '0') +
          (act.alarmFlags as number).toString(16).padStart(8, '0');
        match(e, hex, p, errors);
      } else if (k.endsWith('Hex') && act[k.slice(0, -3)] instanceof Uint8Array) {
        match(e, toHex(act[k.slice(0, -3)] as Uint8Array), p, errors);
      } else if (k === 'dataLength' && act.data instanceof Uint8Array) match(e, act.data.length, p, errors);
      else if (k in COUNT_OF) {
        const arr = COUNT_OF[k]!.map((n) => act[n]).find(Array.isArray);
        if (arr) match(e, arr.length, p, errors);
        else errors.push(`${p}: no array to count`);
      } else errors.push(`${p}: missing in decoded value`);
    }
    return;
  }
  if (exp !== act) errors.push(`${path}: expected ${JSON.stringify(exp)}, got ${JSON.stringify(act)}`);
}

function matchItem(e: Obj, item: LocationItem, path: string, errors: string[]): void {
  const bytes = itemBytes(item);
  for (const [k, v] of Object.entries(e)) {
    const p = `${path}.${k}`;
    if (k === 'id') match(v as Json, item.id, p, errors);
    else if (k === 'len') match(v as Json, bytes.length, p, errors);
    else if (k === 'hex') match(v as Json, toHex(bytes), p, errors);
    else match(v as Json, (item as unknown as Obj)[k], p, errors, { key: k });
  }
}

function matchParam(e: Obj, param: Param, path: string, errors: string[]): void {
  const bytes = paramBytes(param);
  for (const [k, v] of Object.entries(e)) {
    const p = `${path}.${k}`;
    if (k === 'id') match(v as Json, param.id, p, errors);
    else if (k === 'len') match(v as Json, bytes.length, p, errors);
    else if (k === 'hex') match(v as Json, toHex(bytes), p, errors);
    else if (k === 'value') match(v as Json, typeof param.value === 'number' ? param.value : beUint(bytes), p, errors);
    else if (k === 'string')
      match(v as Json, typeof param.value === 'string' ? param.value : decodeGbk(bytes, 0, bytes.length), p, errors);
    else errors.push(`${p}: unknown parameter key`);
  }
}
