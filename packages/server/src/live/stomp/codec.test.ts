import { describe, expect, it } from 'vitest';
import { escapeHeader, header, serializeFrame, unescapeHeader } from './frame.ts';
import { type ParsedItem, StompParser, StompProtocolError } from './parser.ts';

function frames(items: ParsedItem[]) {
  return items.flatMap((item) => (item.kind === 'frame' ? [item.frame] : []));
}

describe('STOMP 1.2 frame codec', () => {
  it('parses a frame without content-length up to the NUL', () => {
    const [frame] = frames(new StompParser().push('SEND\ndestination:/app/heartbeat\n\n{"a":1}\0'));
    expect(frame).toEqual({ command: 'SEND', headers: [['destination', '/app/heartbeat']], body: '{"a":1}' });
  });

  it('reads content-length octets, so a body may contain NUL and multi-byte text', () => {
    const body = 'a\0ü';
    const wire = `MESSAGE\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`;
    const [frame] = frames(new StompParser().push(wire));
    expect(frame?.body).toBe(body);
  });

  it('accepts CRLF line ends and keeps the first of repeated headers', () => {
    const [frame] = frames(new StompParser().push('SUBSCRIBE\r\nid:1\r\nid:2\r\ndestination:/x\r\n\r\n\0'));
    expect(frame && header(frame, 'id')).toBe('1');
    expect(frame && header(frame, 'destination')).toBe('/x');
  });

  it('reports EOLs between frames as heart-beats', () => {
    const items = new StompParser().push('\n\r\nSEND\ndestination:/a\n\n\0\n');
    expect(items.map((i) => i.kind)).toEqual(['heartbeat', 'heartbeat', 'frame', 'heartbeat']);
  });

  it('assembles a frame split across chunks, byte by byte', () => {
    const wire = Buffer.from(
      serializeFrame({ command: 'SEND', headers: [['destination', '/app/notify']], body: 'héllo' }),
    );
    const parser = new StompParser();
    const got: ParsedItem[] = [];
    for (const byte of wire) got.push(...parser.push(Buffer.from([byte])));
    expect(frames(got)).toEqual([
      {
        command: 'SEND',
        headers: [
          ['destination', '/app/notify'],
          ['content-length', '6'],
        ],
        body: 'héllo',
      },
    ]);
  });

  it('splits several frames sharing one chunk', () => {
    const wire = 'SEND\ndestination:/a\n\n1\0SEND\ndestination:/b\n\n2\0';
    expect(frames(new StompParser().push(wire)).map((f) => f.body)).toEqual(['1', '2']);
  });

  it('escapes and unescapes header values per 1.2, except in CONNECT/CONNECTED', () => {
    const value = 'a:b\\c\nd\re';
    expect(escapeHeader(value)).toBe('a\\cb\\\\c\\nd\\re');
    expect(unescapeHeader(escapeHeader(value))).toBe(value);
    const wire = serializeFrame({ command: 'MESSAGE', headers: [['k', value]], body: '' });
    expect(frames(new StompParser().push(wire))[0]?.headers).toEqual([['k', value]]);
    expect(serializeFrame({ command: 'CONNECTED', headers: [['k', 'a:b']], body: '' })).toBe('CONNECTED\nk:a:b\n\n\0');
    // CONNECT values are taken literally (a passcode may hold a backslash).
    expect(frames(new StompParser().push('CONNECT\npasscode:a\\b:c\n\n\0'))[0]?.headers).toEqual([
      ['passcode', 'a\\b:c'],
    ]);
  });

  it('treats an undefined escape sequence as a protocol error', () => {
    expect(() => new StompParser().push('SEND\nk:a\\tb\n\n\0')).toThrow(StompProtocolError);
  });

  it('refuses malformed commands, headers and content-length', () => {
    expect(() => new StompParser().push('send\n\n\0')).toThrow(StompProtocolError);
    expect(() => new StompParser().push('SEND\nno-colon\n\n\0')).toThrow(StompProtocolError);
    expect(() => new StompParser().push('SEND\ncontent-length:x\n\n\0')).toThrow(StompProtocolError);
    expect(() => new StompParser().push('SEND\ncontent-length:1\n\nab\0')).toThrow(/NUL/);
    expect(() => new StompParser().push('SEND\0')).toThrow(StompProtocolError);
  });

  it('bounds frame size: oversized complete, oversized pending and oversized content-length', () => {
    const limits = { maxFrameBytes: 64, maxHeaders: 4 };
    expect(() => new StompParser(limits).push(`SEND\n\n${'x'.repeat(100)}\0`)).toThrow(/too large/);
    const pending = new StompParser(limits);
    expect(pending.push('SEND\n\n')).toEqual([]);
    expect(() => pending.push('x'.repeat(100))).toThrow(/too large/);
    expect(() => new StompParser(limits).push('SEND\ncontent-length:1000\n\n')).toThrow(/too large/);
    expect(() => new StompParser(limits).push('SEND\na:1\nb:1\nc:1\nd:1\ne:1\n\n\0')).toThrow(/too many headers/);
  });

  it('keeps an incomplete frame pending until its NUL arrives', () => {
    const parser = new StompParser();
    expect(parser.push('SEND\ndestination:/a\n\nbo')).toEqual([]);
    expect(frames(parser.push('dy\0'))[0]?.body).toBe('body');
  });

  it('serialises with content-length counting octets and a trailing NUL', () => {
    expect(serializeFrame({ command: 'MESSAGE', headers: [['destination', '/topic/notify.1']], body: 'ü' })).toBe(
      'MESSAGE\ndestination:/topic/notify.1\ncontent-length:2\n\nü\0',
    );
  });
});
