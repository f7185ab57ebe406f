/** Append-and-consume byte buffer for the length-prefixed stream splitters (RTP, attachment data). */
export class StreamBuffer {
  buf = new Uint8Array(4096);
  start = 0;
  end = 0;

  get length(): number {
    return this.end - this.start;
  }

  append(chunk: Uint8Array): void {
    if (this.end + chunk.length > this.buf.length) {
      const live = this.end - this.start;
      if (live + chunk.length <= this.buf.length && this.start > 0) {
        this.buf.copyWithin(0, this.start, this.end);
      } else {
        let size = this.buf.length;
        while (size < live + chunk.length) size *= 2;
        const next = new Uint8Array(size);
        next.set(this.buf.subarray(this.start, this.end));
        this.buf = next;
      }
      this.start = 0;
      this.end = live;
    }
    this.buf.set(chunk, this.end);
    this.end += chunk.length;
  }

  consume(n: number): void {
    this.start += n;
    if (this.start >= this.end) {
      this.start = 0;
      this.end = 0;
    }
  }

  clear(): void {
    this.start = 0;
    this.end = 0;
  }
}
