/** Two lowercase hex digits for every byte value; used for BCD digit strings and hex dumps without per-byte formatting. */
export const HEX2: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function toHex(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let s = '';
  for (let i = start; i < end; i++) s += HEX2[bytes[i]!];
  return s;
}

/** Parses a hex string (whitespace and an optional 0x prefix allowed). Returns undefined on odd length or bad digits. */
export function fromHex(text: string): Uint8Array | undefined {
  let t = text.replace(/\s+/g, '');
  if (t.startsWith('0x') || t.startsWith('0X')) t = t.slice(2);
  if (t.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(t)) return undefined;
  const out = new Uint8Array(t.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(t.slice(i * 2, i * 2 + 2), 16);
  return out;
}
