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
  let o = first - start;
  for (let i = first; i < end; i++) {
    const b = src[i]!;
    if (b === ESC) {
      const n = src[++i];
      if (n === 0x02) out[o++] = FLAG;
      else if (n === 0x01) out[o++] = ESC;
      else return undefined;
    } else if (b === FLAG) {
      return undefined;
    } else {
      out[o++] = b;
    }
  }
  return out.subarray(0, o);
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
    for (let i = 0; i < length; i++) {
      const b = content[i]!;
      if (b === FLAG) {
        out[o++] = ESC;
        out[o++] = 0x02;
      } else if (b === ESC) {
        out[o++] = ESC;
        out[o++] = 0x01;
      } else {
        out[o++] = b;
      }
    }
  }
  out[o] = FLAG;
  return out;
}
