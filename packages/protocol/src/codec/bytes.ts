import { type LocalTime, readBcdDigits, readBcdTime, writeBcdDigits, writeBcdTime } from './bcd.ts';
import { CodecFault } from './errors.ts';
import { toHex } from './hex.ts';
import { decodeGbk, encodeGbk } from './text.ts';

/**
 * Big-endian cursor over one message body. Every read is bounds-checked against `end`; running past it throws a
 * `CodecFault('BODY_TOO_SHORT')` that the public decode functions turn into an error value.
 */
export class Reader {
  readonly buf: Uint8Array;
  pos: number;
  /** Exclusive end; decoders narrow it temporarily to walk a nested TLV value. */
  end: number;

  constructor(buf: Uint8Array, start = 0, end = buf.length) {
    this.buf = buf;
    this.pos = start;
    this.end = end;
  }

  get remaining(): number {
    return this.end - this.pos;
  }

  need(n: number): void {
    if (n < 0 || this.pos + n > this.end) {
      throw new CodecFault('BODY_TOO_SHORT', `needs ${n} more byte(s) at offset ${this.pos}`, this.pos);
    }
  }

  u8(): number {
    this.need(1);
    return this.buf[this.pos++]!;
  }

  u16(): number {
    this.need(2);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 2;
    return (b[p]! << 8) | b[p + 1]!;
  }

  u32(): number {
    this.need(4);
    const b = this.buf;
    const p = this.pos;
    this.pos = p + 4;
    return ((b[p]! << 24) >>> 0) + ((b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!);
  }

  /** Unsigned integer of 1, 2 or 4 bytes (devices send non-standard widths for some parameters). */
  uint(len: number): number {
    if (len === 1) return this.u8();
    if (len === 2) return this.u16();
    if (len === 4) return this.u32();
    this.need(len);
    let v = 0;
    for (let i = 0; i < len; i++) v = v * 256 + this.buf[this.pos++]!;
    return v;
  }

  bytes(n: number): Uint8Array {
    this.need(n);
    const out = this.buf.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  rest(): Uint8Array {
    return this.bytes(this.end - this.pos);
  }

  skip(n: number): void {
    this.need(n);
    this.pos += n;
  }

  /** Fixed-width GBK text, 0x00 stripped on both sides. */
  str(n: number): string {
    this.need(n);
    const s = decodeGbk(this.buf, this.pos, this.pos + n);
    this.pos += n;
    return s;
  }

  /** BYTE length + GBK text. */
  str8(): string {
    return this.str(this.u8());
  }

  /** WORD length + GBK text (2019 area names). */
  str16(): string {
    return this.str(this.u16());
  }

  /** Text to the end of the body (2013/2019 STRING) — a 2011 NUL terminator is stripped with the padding. */
  strRest(): string {
    return this.str(this.end - this.pos);
  }

  bcd(n: number): string {
    this.need(n);
    const s = readBcdDigits(this.buf, this.pos, n);
    this.pos += n;
    return s;
  }

  time(): LocalTime {
    this.need(6);
    const t = readBcdTime(this.buf, this.pos);
    this.pos += 6;
    return t;
  }

  hex(n: number): string {
    this.need(n);
    const s = toHex(this.buf, this.pos, this.pos + n);
    this.pos += n;
    return s;
  }
}

/** Growable big-endian writer used by every encoder. */
export class Writer {
  buf: Uint8Array;
  pos = 0;

  constructor(initial = 256) {
    this.buf = new Uint8Array(initial);
  }

  private grow(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  u8(v: number): this {
    checkUint(v, 0xff);
    this.grow(1);
    this.buf[this.pos++] = v;
    return this;
  }

  u16(v: number): this {
    checkUint(v, 0xffff);
    this.grow(2);
    this.buf[this.pos++] = v >>> 8;
    this.buf[this.pos++] = v & 0xff;
    return this;
  }

  u32(v: number): this {
    checkUint(v, 0xffffffff);
    this.grow(4);
    const b = this.buf;
    b[this.pos++] = v >>> 24;
    b[this.pos++] = (v >>> 16) & 0xff;
    b[this.pos++] = (v >>> 8) & 0xff;
    b[this.pos++] = v & 0xff;
    return this;
  }

  uint(v: number, len: number): this {
    if (len === 1) return this.u8(v);
    if (len === 2) return this.u16(v);
    if (len === 4) return this.u32(v);
    this.grow(len);
    let x = v;
    for (let i = len - 1; i >= 0; i--) {
      this.buf[this.pos + i] = x % 256;
      x = Math.floor(x / 256);
    }
    this.pos += len;
    return this;
  }

  bytes(b: Uint8Array): this {
    this.grow(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
    return this;
  }

  /** Fixed-width field: bytes, right-padded with 0x00 (2013 convention) or truncated is an error. */
  fixed(b: Uint8Array, len: number, padLeft = false): this {
    if (b.length > len) throw new CodecFault('ENCODE_INVALID', `value of ${b.length} bytes does not fit BYTE[${len}]`);
    this.grow(len);
    this.buf.fill(0, this.pos, this.pos + len);
    this.buf.set(b, padLeft ? this.pos + len - b.length : this.pos);
    this.pos += len;
    return this;
  }

  str(text: string, len: number, padLeft = false): this {
    return this.fixed(encodeGbk(text), len, padLeft);
  }

  str8(text: string): this {
    const b = encodeGbk(text);
    return this.u8(b.length).bytes(b);
  }

  str16(text: string): this {
    const b = encodeGbk(text);
    return this.u16(b.length).bytes(b);
  }

  strRest(text: string): this {
    return this.bytes(encodeGbk(text));
  }

  bcd(digits: string, len: number): this {
    this.grow(len);
    writeBcdDigits(this.buf, this.pos, len, digits);
    this.pos += len;
    return this;
  }

  time(t: LocalTime): this {
    this.grow(6);
    writeBcdTime(this.buf, this.pos, t);
    this.pos += 6;
    return this;
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}

function checkUint(v: number, max: number): void {
  if (!Number.isInteger(v) || v < 0 || v > max) {
    throw new CodecFault('ENCODE_INVALID', `value ${v} out of range 0..${max}`);
  }
}
