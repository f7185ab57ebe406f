import type { FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';

// The server's ajv coerces types before checking them: `null`, `false` and `""` become 0 and `"45"` becomes 45.
// For a threshold 0 means "off" or "no limit", so a client sending null would silently switch an alarm off.
// These bodies therefore take their numbers as JSON numbers only, checked before validation coerces them.

/**
 * A preValidation hook: each of `fields` present in the body must be a JSON number (or null where `nullable`
 * lists it); anything else is 1004 on that field. Missing fields are left to the schema.
 */
export function jsonNumbersOnly(fields: readonly string[], nullable: readonly string[] = []) {
  return async (request: FastifyRequest): Promise<void> => {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    for (const field of fields) {
      if (!(field in body)) continue;
      const value = (body as Record<string, unknown>)[field];
      if (typeof value === 'number' || (value === null && nullable.includes(field))) continue;
      throw new ApiError(ErrorCode.parameter, { field, reason: 'must be a number' });
    }
  };
}
