// A JPEG's pixel size from its frame header (ITU T.81 B.2.2): the first SOFn marker segment holds
// precision BYTE, height WORD, width WORD. Markers before it are skipped by their length; a scan (SOS) before any
// frame header, or bytes that are not JPEG, give undefined.

/** SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range. */
function isFrameHeader(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Markers that stand alone, without a length: TEM, RST0–7, SOI, EOI. */
function isStandalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);
}

export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let p = 2;
  while (p + 3 < bytes.length) {
    if (bytes[p] !== 0xff) return undefined;
    // Any number of 0xFF fill bytes may precede a marker.
    while (bytes[p] === 0xff && p < bytes.length) p++;
    const marker = bytes[p++] as number;
    if (isStandalone(marker)) continue;
    if (p + 1 >= bytes.length) return undefined;
    const length = ((bytes[p] as number) << 8) | (bytes[p + 1] as number);
    if (isFrameHeader(marker)) {
      if (p + 7 > bytes.length) return undefined;
      const height = ((bytes[p + 3] as number) << 8) | (bytes[p + 4] as number);
      const width = ((bytes[p + 5] as number) << 8) | (bytes[p + 6] as number);
      return width > 0 && height > 0 ? { width, height } : undefined;
    }
    if (marker === 0xda || length < 2) return undefined;
    p += length;
  }
  return undefined;
}
