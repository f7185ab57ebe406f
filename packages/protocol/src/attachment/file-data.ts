/**
 * T/JSATL 12 §4.6.4 file data packet on the attachment-server connection: magic `30 31 63 64`, file name
 * BYTE[50], data offset DWORD, data length DWORD, data. Not 808-framed, not escaped, no reply (reference §10.2).
 */
import { type CodecError, CodecFault } from '../codec/errors.ts';
import { decodeGbk, encodeGbk } from '../codec/text.ts';

export const FILE_DATA_HEADER_LENGTH = 62;

export interface FileDataPacket {
  fileName: string;
  offset: number;
  data: Uint8Array;
}

export type FileDataDecodeResult =
  | { ok: true; packet: FileDataPacket; length: number }
  | { ok: false; error: CodecError };

export function isFileDataMagic(buf: Uint8Array, off: number): boolean {
  return buf[off] === 0x30 && buf[off + 1] === 0x31 && buf[off + 2] === 0x63 && buf[off + 3] === 0x64;
}

/** Total packet length at `off`, or -1 when the header is not complete yet. Caller checks the magic. */
export function fileDataLength(buf: Uint8Array, off: number, end: number): number {
  if (end - off < FILE_DATA_HEADER_LENGTH) return -1;
  const p = off + 58;
  const len = ((buf[p]! << 24) >>> 0) + ((buf[p + 1]! << 16) | (buf[p + 2]! << 8) | buf[p + 3]!);
  return FILE_DATA_HEADER_LENGTH + len;
}

export function decodeFileDataPacket(bytes: Uint8Array): FileDataDecodeResult {
  if (bytes.length < 4 || !isFileDataMagic(bytes, 0)) {
    return { ok: false, error: { code: 'BAD_MAGIC', message: 'not a file data packet' } };
  }
  const total = fileDataLength(bytes, 0, bytes.length);
  if (total < 0 || total > bytes.length) {
    return { ok: false, error: { code: 'BODY_TOO_SHORT', message: 'file data packet is incomplete' } };
  }
  const b = bytes;
  const offset = ((b[54]! << 24) >>> 0) + ((b[55]! << 16) | (b[56]! << 8) | b[57]!);
  return {
    ok: true,
    packet: { fileName: decodeGbk(b, 4, 54), offset, data: b.slice(FILE_DATA_HEADER_LENGTH, total) },
    length: total,
  };
}

export function encodeFileDataPacket(p: FileDataPacket): Uint8Array {
  const name = encodeGbk(p.fileName);
  if (name.length > 50) throw new CodecFault('ENCODE_INVALID', 'file name longer than 50 bytes');
  if (!Number.isInteger(p.offset) || p.offset < 0 || p.offset > 0xffffffff) {
    throw new CodecFault('ENCODE_INVALID', 'offset out of range');
  }
  const out = new Uint8Array(FILE_DATA_HEADER_LENGTH + p.data.length);
  out.set([0x30, 0x31, 0x63, 0x64], 0);
  out.set(name, 4);
  const dv = new DataView(out.buffer);
  dv.setUint32(54, p.offset);
  dv.setUint32(58, p.data.length);
  out.set(p.data, FILE_DATA_HEADER_LENGTH);
  return out;
}
