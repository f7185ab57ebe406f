import type { FastifyInstance } from 'fastify';
import { ApiError, ErrorCode } from './errors.ts';

// Request signatures cover SHA-256 of the raw body bytes (docs/api.md "Signed requests"), so every
// body is read as a Buffer and kept on the request before JSON parsing; re-serialising the parsed
// object would not reproduce the client's bytes.
declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

export function installRawBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    request.rawBody = body;
    if (body.length === 0) return done(null, undefined);
    try {
      done(null, JSON.parse(body.toString('utf8')));
    } catch {
      done(new ApiError(ErrorCode.parameter, { field: 'body', reason: 'invalid JSON' }), undefined);
    }
  });
  // Any other type is kept as bytes so the signature still verifies; schemas then reject it.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    request.rawBody = body;
    done(null, body.length === 0 ? undefined : body);
  });
}
