import iconv from 'iconv-lite';

/**
 * STRING fields are GBK (JT/T 808 §4.4 / reference §0). Most device text is ASCII, so the decoder only hands
 * the bytes to iconv when a byte ≥ 0x80 appears; 0x00 padding is stripped on both sides (2013 pads right,
 * 2019 0x0100 pads left, 2011 NUL-terminates).
 */
export function decodeGbk(buf: Uint8Array, start: number, end: number): string {
  while (start < end && buf[start] === 0) start++;
  while (end > start && buf[end - 1] === 0) end--;
  if (start === end) return '';
  let ascii = true;
  for (let i = start; i < end; i++) {
    if (buf[i]! >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    if (end - start <= 32) {
      let s = '';
      for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]!);
      return s;
    }
    return String.fromCharCode.apply(null, buf.subarray(start, end) as unknown as number[]);
  }
  return iconv.decode(Buffer.from(buf.buffer, buf.byteOffset + start, end - start), 'gbk');
}

export function encodeGbk(text: string): Uint8Array {
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out;
  }
  const b = iconv.encode(text, 'gbk');
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}
