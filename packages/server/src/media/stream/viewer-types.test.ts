import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StreamHub } from './stream-hub.ts';

describe('viewer targets', () => {
  it('accepts a Node stream, an http.ServerResponse and an object sink without casts', () => {
    const hub = new StreamHub();
    const key = { sim: '1', channel: 1, streamType: 0 };
    const seen: number[] = [];
    hub.addViewer(key, new PassThrough());
    hub.addViewer(key, { write: (c) => seen.push(c.length) });
    // Type-level: a ServerResponse is a valid target (never called here).
    const asTarget = (res: ServerResponse) => hub.addViewer(key, res);
    expect(typeof asTarget).toBe('function');
    expect(seen).toEqual([13]);
    expect(hub.streamStats(key)?.viewers).toBe(2);
  });
});
