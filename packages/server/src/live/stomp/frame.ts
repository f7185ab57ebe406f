// STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): the value type and the writer.
// The reader is parser.ts. Bodies are UTF-8 text here (JSON); content-length counts octets.

export interface StompFrame {
  command: string;
  /** Header order kept; on repeats the first occurrence wins (1.2 "Repeated Header Entries"). */
  headers: [name: string, value: string][];
  body: string;
}

export function header(frame: StompFrame, name: string): string | undefined {
  for (const [key, value] of frame.headers) if (key === name) return value;
  return undefined;
}

// CONNECT and CONNECTED are exempt from escaping so 1.0 peers can still read the handshake (1.2 "Value Encoding").
const UNESCAPED_COMMANDS = new Set(['CONNECT', 'CONNECTED']);

export function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
}

/** Undefined escape sequences are a fatal protocol error, so the caller gets undefined for them. */
export function unescapeHeader(value: string): string | undefined {
  let bad = false;
  const out = value.replace(/\\(.?)/g, (_, c: string) => {
    if (c === '\\') return '\\';
    if (c === 'r') return '\r';
    if (c === 'n') return '\n';
    if (c === 'c') return ':';
    bad = true;
    return '';
  });
  return bad ? undefined : out;
}

/** Headers + body as one string; content-length is added whenever there is a body. */
export function serializeFrame(frame: StompFrame): string {
  const encode = UNESCAPED_COMMANDS.has(frame.command) ? (v: string) => v : escapeHeader;
  let head = `${frame.command}\n`;
  for (const [name, value] of frame.headers) head += `${encode(name)}:${encode(value)}\n`;
  if (frame.body.length > 0 && header(frame, 'content-length') === undefined) {
    head += `content-length:${Buffer.byteLength(frame.body)}\n`;
  }
  return `${head}\n${frame.body}\0`;
}

/** A heart-beat is a bare EOL between frames (1.2 "Heart-beating"). */
export const HEARTBEAT = '\n';
