/** MSB-first bit reader over an RBSP, with Exp-Golomb ue(v) (H.264 §9.1, H.265 §9.2). */
export class BitReader {
  private pos = 0;

  constructor(private readonly bytes: Uint8Array) {}

  bits(n: number): number {
    let v = 0;
    for (let i = 0; i < n; i++) {
      const byte = this.bytes[this.pos >>> 3];
      if (byte === undefined) throw new RangeError('read past the end of the RBSP');
      v = v * 2 + ((byte >>> (7 - (this.pos & 7))) & 1);
      this.pos++;
    }
    return v;
  }

  skip(n: number): void {
    if (this.pos + n > this.bytes.length * 8) throw new RangeError('read past the end of the RBSP');
    this.pos += n;
  }

  ue(): number {
    let zeros = 0;
    while (this.bits(1) === 0) {
      if (++zeros > 31) throw new RangeError('Exp-Golomb code longer than 32 bits');
    }
    return zeros === 0 ? 0 : 2 ** zeros - 1 + this.bits(zeros);
  }
}
