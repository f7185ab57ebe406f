import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { ApiError, ErrorCode } from './errors.ts';

// Request signatures cover SHA-256 of the raw body bytes (docs/api.md "Signed requests"), so every
// body is read as a Buffer and kept on the request before JSON parsing; re-serialising the parsed
// object would not reproduce the client's bytes.
declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

// Fastify's own JSON parser refuses `__proto__` and `constructor.prototype` keys (prototype poisoning: a later
// Object.assign or spread of the body could reach Object.prototype); replacing the parser must keep that guard,
// with Fastify's defaults (onProtoPoisoning / onConstructorPoisoning 'error').
const POISONING_GUARD = { protoAction: 'error', constructorAction: 'error' } as const;

/** Parses a JSON body as Fastify's default parser would; a poisoned or malformed body is 1004 on `body`. */
export function parseJsonBody(body: Buffer): unknown {
  try {
    return secureJson.parse(body, null, POISONING_GUARD);
  } catch (error) {
    const poisoned = error instanceof SyntaxError && /forbidden prototype property/i.test(error.message);
    throw new ApiError(ErrorCode.parameter, {
      field: 'body',
      reason: poisoned ? 'forbidden prototype property' : 'invalid JSON',
    });
  }
}

export function installRawBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    request.rawBody = body;
    if (body.length === 0) return done(null, undefined);
    try {
      done(null, parseJsonBody(body));
    } catch (error) {
      done(error as ApiError, undefined);
    }
  });
  // Any other type is kept as bytes so the signature still verifies; schemas then reject it.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    request.rawBody = body;
    done(null, body.length === 0 ? undefined : body);
  });
}
