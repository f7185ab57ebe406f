import type { Static, TSchema } from 'typebox';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import { nonFiniteAt } from '../../kernel/numeric-input.ts';

// The spec's terminal/video calls are GETs with the payload as JSON in the `data` query parameter
// (`/jtt1078/param/qry?data={"imei":"…"}`). Fastify validates the query string; the JSON inside it is ours to parse
// and hold to the contract's schema, with the same 1004 `{field, reason}` the edge gives for a bad body.

/** The query string of every /jtt1078/* call. */
export const DataQuery = Type.Object({ data: Type.String({ minLength: 2, maxLength: 16_384 }) });

/** A checker for one payload schema: the parsed, validated `data`, or ApiError 1004 naming the field. */
export function payloadOf<T extends TSchema>(schema: T): (data: string) => Static<T> {
  const validator = Compile(schema);
  return (data) => {
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      throw new ApiError(ErrorCode.parameter, { field: 'data', reason: 'not JSON' });
    }
    // JSON.parse reads 1e999 as Infinity, which no schema bound stops.
    const infinite = nonFiniteAt(value);
    if (infinite !== undefined) {
      throw new ApiError(ErrorCode.parameter, { field: `data.${infinite}`, reason: 'not a finite number' });
    }
    if (validator.Check(value)) return value as Static<T>;
    const [first] = validator.Errors(value);
    const pointer = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const missing = (first?.params as { requiredProperties?: unknown } | undefined)?.requiredProperties;
    const name = Array.isArray(missing) && typeof missing[0] === 'string' ? missing[0] : '';
    const field = ['data', pointer, name].filter((part) => part !== '').join('.');
    throw new ApiError(ErrorCode.parameter, { field, reason: first?.message ?? 'invalid' });
  };
}
