import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE, installConsole, REVALIDATE } from './console.ts';
import { isNavigation } from './navigation.ts';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** node:http rather than fetch: fetch picks its own Accept-Encoding and decodes the body before we see it. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
const INDEX = '<!doctype html><title>console</title><script type="module" src="/assets/index-abc123.js"></script>';

describe('the console over a real listening server', () => {
  let app: FastifyInstance;
  let base: string;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'headway-console-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
    // Below the build's compression threshold: no .br/.gz beside it, served as is.
    writeFileSync(join(dist, 'assets', 'tiny-def456.css'), 'a{}');
    app = Fastify();
    await installConsole(app, dist);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers brotli to a browser that accepts it, with long-lived caching', async () => {
    const res = await get(base, '/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('answers gzip when brotli is not accepted, and plain bytes when nothing is', async () => {
    const gz = await get(base, '/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await get(base, '/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('serves a file without compressed copies as is', async () => {
    const res = await get(base, '/assets/tiny-def456.css', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe('a{}');
  });

  it('never caches index.html, whichever way it is reached', async () => {
    for (const path of ['/', '/index.html', '/system/user']) {
      const res = await get(base, path, { accept: 'text/html', 'accept-encoding': 'br, gzip' });
      expect(res.status, path).toBe(200);
      expect(res.body.toString(), path).toBe(INDEX);
      expect(res.headers['cache-control'], path).toBe(REVALIDATE);
    }
    expect((await get(base, '/favicon.svg')).headers['cache-control']).toBe(REVALIDATE);
  });

  it('answers a deep link with index.html so a reload keeps the screen', async () => {
    const res = await get(base, '/monitoring/map?imei=123', {
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body.toString()).toBe(INDEX);
  });

  it('answers 404, not the app, for a missing asset or file', async () => {
    for (const path of [
      '/assets/index-gone99.js',
      '/static/sound/alarm.mp3',
      '/favicon.ico',
      '/assets/chunk',
      '/.vite/manifest.json',
    ]) {
      const res = await get(base, path, { accept: '*/*', 'accept-encoding': 'br, gzip' });
      expect(res.status, path).toBe(404);
      expect(res.body.toString(), path).not.toContain('<title>console</title>');
    }
  });

  it('answers 404 to a non-HTML request for an unknown path', async () => {
    const res = await get(base, '/no/such/thing', { accept: 'application/json' });
    expect(res.status).toBe(404);
  });

  it('keeps the envelope 404 for unknown API paths', async () => {
    const res = await get(base, '/api/no/such/thing', { accept: 'text/html' });
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString())).toMatchObject({ code: 1008, result: null });
  });
});

describe('isNavigation', () => {
  it('tells screens from files', () => {
    expect(isNavigation('/system/user', 'text/html')).toBe(true);
    expect(isNavigation('/system/user?x=a.b', undefined)).toBe(true);
    expect(isNavigation('/', '*/*')).toBe(true);
    expect(isNavigation('/static/sound/alarm.mp3', 'text/html')).toBe(false);
    expect(isNavigation('/assets/whatever', 'text/html')).toBe(false);
    expect(isNavigation('/system/user', 'application/json')).toBe(false);
  });
});
