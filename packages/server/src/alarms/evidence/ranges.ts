/** A byte range of a file: `offset` and `length`, as 0x9212 lists the ones to send again. */
export interface ByteRange {
  offset: number;
  length: number;
}

/**
 * The parts of a file received so far, kept as sorted, merged [start, end) intervals: pieces may come in any
 * order, overlap, or repeat (a terminal resending after 0x9212), and what is missing is the complement.
 */
export class ReceivedRanges {
  private starts: number[] = [];
  private ends: number[] = [];

  /** Bytes covered. */
  get received(): number {
    let n = 0;
    for (let i = 0; i < this.starts.length; i++) n += this.ends[i]! - this.starts[i]!;
    return n;
  }

  add(offset: number, length: number): void {
    if (length <= 0) return;
    let start = offset;
    let end = offset + length;
    // Pieces usually arrive in order, so the new one touches the last interval: the loop stays short.
    let i = this.starts.length;
    while (i > 0 && this.ends[i - 1]! >= start) i--;
    let j = i;
    while (j < this.starts.length && this.starts[j]! <= end) {
      start = Math.min(start, this.starts[j]!);
      end = Math.max(end, this.ends[j]!);
      j++;
    }
    this.starts.splice(i, j - i, start);
    this.ends.splice(i, j - i, end);
  }

  /** What is still missing of a file of `size` bytes, at most `limit` ranges (0x9212 counts them in a BYTE). */
  missing(size: number, limit = 255): ByteRange[] {
    const out: ByteRange[] = [];
    let at = 0;
    for (let i = 0; i < this.starts.length && at < size; i++) {
      const s = this.starts[i]!;
      if (s > at) out.push({ offset: at, length: Math.min(s, size) - at });
      at = Math.max(at, this.ends[i]!);
    }
    if (at < size) out.push({ offset: at, length: size - at });
    return out.slice(0, limit);
  }

  complete(size: number): boolean {
    return this.missing(size, 1).length === 0;
  }
}
