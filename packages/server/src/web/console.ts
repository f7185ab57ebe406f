import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../kernel/bases.ts';
import { sendError } from '../kernel/edge.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { isNavigation } from './navigation.ts';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Headway</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto">
<h1>Headway</h1>
<p>The server is running, but the console has not been built.</p>
<p>Run <code>npm start</code> (which builds it) or <code>npm run build</code>, then reload this page.</p>
</body></html>`;

/** Vite names everything under assets/ by content hash: a changed file gets a new name, so it never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all, which names the current build's assets) is revalidated every time. */
export const REVALIDATE = 'no-cache';

/**
 * Serves the built console at /.
 *
 * - The build writes `.br` and `.gz` copies beside each asset (packages/web/vite.config.ts); @fastify/static's
 *   `preCompressed` picks the best one the client accepts (br, then gzip) and falls back to the plain file.
 * - Single-page-app fallback for navigations only: a deep link such as /system/user answers index.html so it
 *   survives a reload, but a missing file (/assets/x.js, /static/sound/alarm.mp3) answers 404, never the app's
 *   HTML, so a broken reference fails loudly instead of parsing HTML as JavaScript or audio.
 * - Unknown API paths answer 404 with the envelope (code 1008).
 */
export async function installConsole(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    const assetsDir = join(distDir, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      // The build's own bookkeeping (.vite/manifest.json) is not for browsers.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
        // The same URL answers br, gzip or plain bytes: shared caches must key on Accept-Encoding.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(request, reply, new ApiError(ErrorCode.recordMissing), 404);
    }
    if (!isNavigation(request.url, request.headers.accept)) {
      return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', REVALIDATE).send('Not found');
    }
    if (!built) return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    return reply.sendFile('index.html');
  });
}
