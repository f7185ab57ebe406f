import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../kernel/bases.ts';
import { sendError } from '../kernel/edge.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Headway</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto">
<h1>Headway</h1>
<p>The server is running, but the console has not been built.</p>
<p>Run <code>npm start</code> (which builds it) or <code>npm run build</code>, then reload this page.</p>
</body></html>`;

/**
 * Serves the built console at / with the single-page-app fallback: any GET outside the API bases that
 * is not a file answers index.html, so deep links such as /system/user survive a reload. Unknown API
 * paths answer 404 with the envelope (code 1008).
 */
export async function installConsole(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, { root: distDir, prefix: '/', wildcard: true, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return sendError(request, reply, new ApiError(ErrorCode.recordMissing), 404);
    }
    if (!built) return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    // index.html must not be cached: it names the hashed assets of the current build.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
