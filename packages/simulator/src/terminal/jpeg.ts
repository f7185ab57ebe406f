/**
 * A minimal baseline JPEG encoder for flat 8×8 blocks (greyscale): each block is one shade, so only the DC
 * coefficient is coded and every AC run is an end-of-block. Enough to answer a snapshot command with a real,
 * decodable picture (a pattern derived from the vehicle and time) without an image library. ITU T.81 Annex K
 * standard luminance tables.
 */

const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_BITS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
// Only the EOB symbol (0x00) is used; the table still has to be complete to be a valid stream.
const AC_VALS = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14,
  0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09,
  0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a,
  0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65,
  0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88,
  0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9,
  0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca,
  0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea,
  0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];

/** Canonical Huffman codes from BITS/VALS (T.81 Annex C). */
function huffmanCodes(bits: number[], vals: number[]): Map<number, [code: number, length: number]> {
  const codes = new Map<number, [number, number]>();
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    for (let i = 0; i < bits[len - 1]!; i++) codes.set(vals[k++]!, [code++, len]);
    code <<= 1;
  }
  return codes;
}

const DC_CODES = huffmanCodes(DC_BITS, DC_VALS);
const EOB = huffmanCodes(AC_BITS, AC_VALS).get(0x00)!;

class BitWriter {
  readonly bytes: number[] = [];
  private acc = 0;
  private n = 0;
  write(code: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((code >>> i) & 1);
      if (++this.n === 8) this.flushByte();
    }
  }
  private flushByte(): void {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0x00); // byte stuffing
    this.acc = 0;
    this.n = 0;
  }
  finish(): void {
    while (this.n !== 0) this.write(1, 1);
  }
}

/**
 * Encodes a greyscale image given one shade (0–255) per 8×8 block, `blocksX` × `blocksY` blocks.
 * Quantisation table all ones: the DC value is coded exactly.
 */
export function encodeBlockJpeg(shades: number[], blocksX: number, blocksY: number): Uint8Array {
  const width = blocksX * 8;
  const height = blocksY * 8;
  const head: number[] = [0xff, 0xd8];
  head.push(0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0); // JFIF APP0
  head.push(0xff, 0xdb, 0, 67, 0, ...new Array(64).fill(1)); // DQT
  head.push(0xff, 0xc0, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0); // SOF0
  head.push(0xff, 0xc4, 0, 3 + 16 + DC_VALS.length, 0x00, ...DC_BITS, ...DC_VALS); // DHT DC
  head.push(0xff, 0xc4, 0, 3 + 16 + AC_VALS.length, 0x10, ...AC_BITS, ...AC_VALS); // DHT AC
  head.push(0xff, 0xda, 0, 8, 1, 1, 0x00, 0, 63, 0); // SOS
  const bits = new BitWriter();
  let prev = 0;
  for (const shade of shades) {
    // Level shift by 128; the forward DCT of a flat block gives DC = 8 × value.
    const dc = Math.round((Math.max(0, Math.min(255, shade)) - 128) * 8);
    const diff = dc - prev;
    prev = dc;
    const magnitude = Math.abs(diff);
    const size = magnitude === 0 ? 0 : 32 - Math.clz32(magnitude);
    const [code, length] = DC_CODES.get(size)!;
    bits.write(code, length);
    if (size > 0) bits.write(diff > 0 ? diff : diff + (1 << size) - 1, size);
    bits.write(EOB[0], EOB[1]);
  }
  bits.finish();
  return Uint8Array.from([...head, ...bits.bytes, 0xff, 0xd9]);
}

/** 3×5 block glyphs of the characters a snapshot's caption uses (1 = lit). */
const GLYPHS: Record<string, string> = {
  '0': '111101101101111',
  '1': '010110010010111',
  '2': '111001111100111',
  '3': '111001111001111',
  '4': '101101111001001',
  '5': '111100111001111',
  '6': '111100111101111',
  '7': '111001001001001',
  '8': '111101111101111',
  '9': '111101111001111',
  ':': '000010000010000',
  '-': '000000111000000',
  C: '111100100100111',
  H: '101101111101101',
  ' ': '000000000000000',
};

export interface SnapshotScene {
  width: number;
  height: number;
  /** Camera channel: each looks at a slightly different scene. */
  channel: number;
  /** Drawn in the top-left corner as a camera would stamp it, e.g. "CH2 08:41:07". */
  caption: string;
  seed: number;
}

/**
 * A camera-like still at the requested resolution (rounded down to whole 8×8 blocks): sky, a horizon, a road with
 * lane marks whose offset moves with the seed, and the caption stamped in block letters — a real JPEG a person can
 * tell apart from the previous one.
 */
export function snapshotJpeg(scene: SnapshotScene): Uint8Array {
  const bx = Math.max(4, Math.floor(scene.width / 8));
  const by = Math.max(4, Math.floor(scene.height / 8));
  const horizon = Math.floor(by * (0.38 + (scene.channel % 3) * 0.06));
  const shades: number[] = [];
  for (let y = 0; y < by; y++) {
    for (let x = 0; x < bx; x++) {
      if (y < horizon) {
        shades.push(200 - Math.floor((y / horizon) * 60));
        continue;
      }
      const depth = (y - horizon) / (by - horizon);
      const centre = bx / 2;
      const halfRoad = 2 + depth * bx * 0.45;
      const onRoad = Math.abs(x - centre) < halfRoad;
      const lane = onRoad && Math.abs(x - centre) < 1 + depth && (y + scene.seed) % 6 < 3;
      shades.push(lane ? 235 : onRoad ? 70 + Math.floor(depth * 20) : 110 + ((x * 7 + y * 3 + scene.seed) % 25));
    }
  }
  // Caption: 3×5 glyphs, each lit cell one block, on a dark band.
  const scale = Math.max(1, Math.floor(bx / 64));
  const chars = [...scene.caption];
  for (let y = 0; y < 7 * scale && y < by; y++) {
    for (let x = 0; x < (chars.length * 4 + 1) * scale && x < bx; x++) shades[y * bx + x] = 20;
  }
  chars.forEach((ch, i) => {
    const glyph = GLYPHS[ch] ?? GLYPHS[' ']!;
    for (let gy = 0; gy < 5; gy++) {
      for (let gx = 0; gx < 3; gx++) {
        if (glyph[gy * 3 + gx] !== '1') continue;
        for (let sy = 0; sy < scale; sy++) {
          for (let sx = 0; sx < scale; sx++) {
            const x = (1 + i * 4 + gx) * scale + sx;
            const y = (1 + gy) * scale + sy;
            if (x < bx && y < by) shades[y * bx + x] = 250;
          }
        }
      }
    }
  });
  return encodeBlockJpeg(shades, bx, by);
}
