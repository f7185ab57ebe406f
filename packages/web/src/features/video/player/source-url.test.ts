import { describe, expect, it } from 'vitest';
import { httpUrl, wsUrl } from './source-url';

describe('media URLs', () => {
  const page = new URL('https://ops.example.com/monitoring/video');
  it('resolves paths against the page and takes its scheme for WebSockets', () => {
    expect(httpUrl('/media/live/1.flv?s=abc', page)).toBe('https://ops.example.com/media/live/1.flv?s=abc');
    expect(wsUrl('/media/live/1.flv?s=abc', page)).toBe('wss://ops.example.com/media/live/1.flv?s=abc');
    expect(wsUrl('/x', new URL('http://127.0.0.1:8080/'))).toBe('ws://127.0.0.1:8080/x');
  });

  it('keeps absolute URLs', () => {
    expect(wsUrl('ws://media.example.com:7613/a', page)).toBe('ws://media.example.com:7613/a');
    expect(httpUrl('http://media.example.com/a.flv', page)).toBe('http://media.example.com/a.flv');
  });
});
