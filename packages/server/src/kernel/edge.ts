import { errorMessage } from '@headway/spec';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ErrorCode, isApiError } from './errors.ts';
import { pickLanguage } from './language.ts';
import { drainRequest } from './oversize-body.ts';

// The HTTP edge: the one place where failures become the `{code, msg, result}` envelope.

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError, status = 200): FastifyReply {
  const language = pickLanguage(request.headers['accept-language']);
  return reply.code(status).send({ code: error.code, msg: errorMessage(error.code, language), result: error.details });
}

/** Fastify's schema errors name the field as a JSON pointer or a missing property; give the caller a plain name. */
function validationField(error: FastifyError): { field: string; reason: string } {
  const first = error.validation?.[0];
  const missing = (first?.params as { missingProperty?: unknown } | undefined)?.missingProperty;
  const pointer = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const field = typeof missing === 'string' ? (pointer ? `${pointer}.${missing}` : missing) : pointer;
  return { field: field || (error.validationContext ?? 'body'), reason: first?.message ?? 'invalid' };
}

export function installErrorEdge(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (isApiError(error)) {
      if (error.code === ErrorCode.unknown) request.log.error({ err: error }, 'unexpected failure');
      return sendError(request, reply, error);
    }
    if (error.validation) {
      return sendError(request, reply, new ApiError(ErrorCode.parameter, validationField(error)));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // Answered once the rest of the upload is read, so the client sees the 413 rather than a reset.
      return drainRequest(request.raw).then(() => {
        sendError(request, reply, new ApiError(ErrorCode.tooMuchData), 413);
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, unsupported media type and the like: the caller's fault, no internals shown.
      request.log.info({ err: error }, 'rejected request');
      return sendError(request, reply, new ApiError(ErrorCode.parameter, { field: 'body', reason: error.code }));
    }
    request.log.error({ err: error }, 'unexpected failure');
    return sendError(request, reply, new ApiError(ErrorCode.unknown));
  });
}
