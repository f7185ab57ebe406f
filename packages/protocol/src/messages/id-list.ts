import type { Reader, Writer } from '../codec/bytes.ts';

/**
 * A BYTE count followed by that many DWORD ids: the whole body of 0x8106 (parameter ids, JT/T 808 §8.10) and of
 * 0x8601/0x8603/0x8605/0x8607 (area and route ids, §8.40–8.46).
 */
export interface IdList {
  ids: number[];
}

export function readIdList(r: Reader): IdList {
  const n = r.u8();
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(r.u32());
  return { ids };
}

export function writeIdList(w: Writer, b: IdList): void {
  w.u8(b.ids.length);
  for (const id of b.ids) w.u32(id);
}
