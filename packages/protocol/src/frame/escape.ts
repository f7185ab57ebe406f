/**
 * JT/T 808 §4.4.1 frame escaping: inside a frame 0x7E is sent as 7D 02 and 0x7D as 7D 01.
 * Escaping is applied after the check code is computed and covers header, body and check code.
 */
export const FLAG = 0x7e;
export const ESC = 0x7d;

/**
 * Unescapes `src[start, end)`. Returns the same memory (a view) when nothing is escaped — the common case — and a
 * new array otherwise; returns undefined when a 7D is followed by anything but 01/02 (a malformed frame).
 */
export function unescapeFrame(src: Uint8Array, start: number, end: number): Uint8Array | undefined {
  let first = -1;
  for (let i = start; i < end; i++) {
    if (src[i] === ESC) {
      first = i;
      break;
    }
  }
  if (first < 0) return src.subarray(start, end);
  const out = new Uint8Array(end - start);
  out.set(src.subarray(start, first), 0);
  const head = first - start;
  const n = unescapeInto(src, first, end, out.subarray(head));
  return n < 0 ? undefined : out.subarray(0, head + n);
}

/**
 * Unescapes `src[start, end)` into `out` (which must be at least `end - start` long). Returns the unescaped length,
 * or -1 on a malformed escape or a raw 7E. Lets the hot decode path reuse one scratch buffer instead of allocating.
 */
export function unescapeInto(src: Uint8Array, start: number, end: number, out: Uint8Array): number {
  let o = 0;
  for (let i = start; i < end; i++) {
    const b = src[i]!;
    if (b === ESC) {
      const n = src[++i];
      if (n === 0x02) out[o++] = FLAG;
      else if (n === 0x01) out[o++] = ESC;
      else return -1;
    } else if (b === FLAG) {
      return -1;
    } else {
      out[o++] = b;
    }
  }
  return o;
}

/** XOR of every byte in `buf[start, end)` (the check code covers header + body, before escaping). */
export function xorChecksum(buf: Uint8Array, start: number, end: number): number {
  let x = 0;
  for (let i = start; i < end; i++) x ^= buf[i]!;
  return x;
}

/** Writes `b` at `out[o]`, escaped (7E → 7D 02, 7D → 7D 01); returns the index after it. */
export function putEscaped(out: Uint8Array, o: number, b: number): number {
  if (b === FLAG) {
    out[o] = ESC;
    out[o + 1] = 0x02;
    return o + 2;
  }
  if (b === ESC) {
    out[o] = ESC;
    out[o + 1] = 0x01;
    return o + 2;
  }
  out[o] = b;
  return o + 1;
}

/** Writes `src[start, end)` escaped into `out` from index `o` (which must have room); returns the index after it. */
export function escapeInto(src: Uint8Array, start: number, end: number, out: Uint8Array, o: number): number {
  for (let i = start; i < end; i++) o = putEscaped(out, o, src[i]!);
  return o;
}

/** Wraps unescaped `content` (header + body + check code) in 7E delimiters, escaping 7E/7D. */
export function escapeFrame(content: Uint8Array, length = content.length): Uint8Array {
  let extra = 0;
  for (let i = 0; i < length; i++) {
    const b = content[i];
    if (b === FLAG || b === ESC) extra++;
  }
  const out = new Uint8Array(length + extra + 2);
  out[0] = FLAG;
  let o = 1;
  if (extra === 0) {
    out.set(content.subarray(0, length), 1);
    o += length;
  } else {
    o = escapeInto(content, 0, length, out, o);
  }
  out[o] = FLAG;
  return out;
}
