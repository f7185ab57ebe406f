import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser.ts';
import { REPO_ROOT } from './support/server.ts';

// A cheap guard on the console's weight (docs/performance.md "Console weight"), from the build the global setup
// just made: what the login page downloads is the entry's static import graph, the login page's chunk and its
// graph, and the English messages. bench/console-weight.ts measures the same in Chromium, screen by screen.

const DIST = join(REPO_ROOT, 'packages', 'web', 'dist');
const LOGIN_BUDGET = 250 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest = (): Manifest => JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));

function staticGraph(m: Manifest, roots: readonly string[], seen = new Set<string>()): Set<string> {
  for (const key of roots) {
    if (seen.has(key) || !m[key]) continue;
    seen.add(key);
    staticGraph(m, m[key].imports ?? [], seen);
  }
  return seen;
}

const gz = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

function head(path: string, headers: Record<string, string>): Promise<Record<string, string | string[] | undefined>> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl()}${path}`, { method: 'HEAD', headers }, (res) => {
      res.resume();
      resolve({ status: String(res.statusCode), ...res.headers });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('console weight', () => {
  it(`keeps the login page within ${LOGIN_BUDGET / 1024} KiB of gzipped JavaScript`, () => {
    const m = manifest();
    const entry = Object.keys(m).find((key) => m[key]?.isEntry);
    expect(entry).toBeDefined();
    const keys = staticGraph(m, [entry!, 'src/auth/login/LoginPage.tsx', 'src/i18n/locales/en.ts']);
    expect(keys.has('src/auth/login/LoginPage.tsx')).toBe(true);
    const total = [...keys].reduce((bytes, key) => bytes + gz(m[key]!.file), 0);
    console.log(`[console-weight] login page ${(total / 1024).toFixed(1)} KiB gz of JavaScript`);
    expect(total, `${(total / 1024).toFixed(1)} KiB gz`).toBeLessThanOrEqual(LOGIN_BUDGET);
    // The shell is not part of it.
    expect(keys.has('src/app/Shell.tsx')).toBe(false);
  });

  it('ships no TypeBox to the browser or the live worker', () => {
    const scripts = readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    // `~kind` keys every TypeBox schema (it survives minification as a string); nothing else in the console has it.
    const withTypeBox = scripts.filter((f) => readFileSync(join(DIST, 'assets', f), 'utf8').includes('~kind'));
    expect(withTypeBox).toEqual([]);
  });

  it('serves the entry precompressed with long-lived caching, and index.html uncached', async () => {
    const m = manifest();
    const entry = Object.values(m).find((chunk) => chunk.isEntry)!;
    const br = await head(`/${entry.file}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br).toMatchObject({
      status: '200',
      'content-encoding': 'br',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const gzip = await head(`/${entry.file}`, { 'accept-encoding': 'gzip' });
    expect(gzip['content-encoding']).toBe('gzip');
    expect((await head('/login', { accept: 'text/html' }))['cache-control']).toBe('no-cache');
    expect((await head('/assets/no-such-chunk.js', { accept: '*/*' })).status).toBe('404');
  });

  it('keeps the video player (mpegts.js) in a lazy chunk, out of the login page and the shell', () => {
    const m = manifest();
    const player = Object.keys(m).filter((key) => key.includes('node_modules/mpegts.js'));
    expect(player.length).toBeGreaterThan(0);
    const entry = Object.keys(m).find((key) => m[key]?.isEntry);
    const eager = staticGraph(m, [entry!, 'src/auth/login/LoginPage.tsx', 'src/app/Shell.tsx']);
    for (const key of player) expect(eager.has(key), key).toBe(false);
    console.log(`[console-weight] mpegts.js chunk ${(gz(m[player[0]!]!.file) / 1024).toFixed(1)} KiB gz, lazy`);
  });
});
