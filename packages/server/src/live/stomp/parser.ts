import { type StompFrame, unescapeHeader } from './frame.ts';

// Incremental STOMP 1.2 reader. Over WebSocket a message usually holds one whole frame, but the standard
// lets a frame span messages and several frames share one, so bytes are buffered until a frame completes.
// Everything is bounded: a peer cannot make the server hold more than `maxFrameBytes` of a pending frame.

export class StompProtocolError extends Error {}

export interface ParserLimits {
  /** Largest frame (headers + body) accepted. */
  maxFrameBytes: number;
  maxHeaders: number;
}

export const DEFAULT_PARSER_LIMITS: ParserLimits = { maxFrameBytes: 64 * 1024, maxHeaders: 32 };

export type ParsedItem = { kind: 'frame'; frame: StompFrame } | { kind: 'heartbeat' };

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const EMPTY = Buffer.alloc(0);

export class StompParser {
  private pending: Buffer = EMPTY;

  constructor(private readonly limits: ParserLimits = DEFAULT_PARSER_LIMITS) {}

  /** Feeds bytes; returns the complete frames and heart-beats they finish. Throws StompProtocolError. */
  push(chunk: Buffer | string): ParsedItem[] {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.pending = this.pending.length === 0 ? bytes : Buffer.concat([this.pending, bytes]);
    const items: ParsedItem[] = [];
    let offset = 0;
    for (;;) {
      // EOLs between frames are heart-beats.
      while (offset < this.pending.length && (this.pending[offset] === LF || this.pending[offset] === CR)) {
        if (this.pending[offset] === LF) items.push({ kind: 'heartbeat' });
        offset++;
      }
      if (offset >= this.pending.length) break;
      const end = this.readFrame(offset, items);
      if (end === undefined) break;
      offset = end;
    }
    this.pending = offset >= this.pending.length ? EMPTY : this.pending.subarray(offset);
    if (this.pending.length > this.limits.maxFrameBytes) throw new StompProtocolError('frame too large');
    return items;
  }

  /** Parses one frame starting at `start`; returns the offset after its NUL, or undefined when incomplete. */
  private readFrame(start: number, items: ParsedItem[]): number | undefined {
    const buf = this.pending;
    const headEnd = findHeadEnd(buf, start);
    if (headEnd === undefined) return undefined;
    if (headEnd.bodyStart - start > this.limits.maxFrameBytes) throw new StompProtocolError('frame too large');

    const lines = buf.toString('utf8', start, headEnd.headEnd).split('\n');
    const command = stripCr(lines[0] ?? '');
    if (!/^[A-Z]+$/.test(command)) throw new StompProtocolError('malformed command');
    if (lines.length - 1 > this.limits.maxHeaders) throw new StompProtocolError('too many headers');
    const escaped = command !== 'CONNECT' && command !== 'CONNECTED';
    const headers: [string, string][] = [];
    for (const raw of lines.slice(1)) {
      const line = stripCr(raw);
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompProtocolError('malformed header');
      const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
      const value = escaped ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
      if (name === undefined || value === undefined) throw new StompProtocolError('undefined escape sequence');
      headers.push([name, value]);
    }

    const lengthHeader = headers.find(([name]) => name === 'content-length')?.[1];
    let bodyEnd: number;
    if (lengthHeader !== undefined) {
      if (!/^\d{1,9}$/.test(lengthHeader)) throw new StompProtocolError('malformed content-length');
      const length = Number(lengthHeader);
      if (headEnd.bodyStart - start + length > this.limits.maxFrameBytes)
        throw new StompProtocolError('frame too large');
      bodyEnd = headEnd.bodyStart + length;
      if (buf.length <= bodyEnd) return undefined;
      if (buf[bodyEnd] !== NUL) throw new StompProtocolError('missing NUL after content-length body');
    } else {
      const nul = buf.indexOf(NUL, headEnd.bodyStart);
      if (nul < 0) return undefined;
      bodyEnd = nul;
    }
    if (bodyEnd + 1 - start > this.limits.maxFrameBytes) throw new StompProtocolError('frame too large');
    items.push({ kind: 'frame', frame: { command, headers, body: buf.toString('utf8', headEnd.bodyStart, bodyEnd) } });
    return bodyEnd + 1;
  }
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** The blank line ending the headers: LF LF or LF CR LF. `headEnd` excludes the final EOL of the last header. */
function findHeadEnd(buf: Buffer, start: number): { headEnd: number; bodyStart: number } | undefined {
  let from = start;
  for (;;) {
    const lf = buf.indexOf(LF, from);
    // A NUL before the blank line ends a frame that has no header block terminator: malformed, not pending.
    const nul = buf.indexOf(NUL, from);
    if (nul >= 0 && (lf < 0 || nul < lf)) throw new StompProtocolError('frame ended inside headers');
    if (lf < 0) return undefined;
    if (buf[lf + 1] === LF) return { headEnd: lf, bodyStart: lf + 2 };
    if (buf[lf + 1] === CR && buf[lf + 2] === LF) return { headEnd: lf, bodyStart: lf + 3 };
    if (lf + 1 >= buf.length || (buf[lf + 1] === CR && lf + 2 >= buf.length)) return undefined;
    from = lf + 1;
  }
}
