import type { FastifyInstance } from 'fastify';
import { ApiError, ErrorCode } from './errors.ts';

// Numbers in a request must be ones the store can hold, or the database's type error reaches the edge as 1000
// (issue 10: `page=1e309` on a list). Two gaps in schema validation let them through:
// - ajv coerces query strings such as "1e309" or "Infinity" to ±Infinity and then skips minimum/maximum for
//   non-finite numbers, so `Type.Integer({ minimum: 1 })` accepts `page=Infinity` (and `-Infinity`);
// - a finite integer beyond what the columns hold (ids are 32-bit on PostgreSQL) passes a schema with no maximum.
// Hence: no non-finite number reaches a handler, and an integer whose schema leaves a bound open is held to the
// 32-bit range. A field that needs more (milliseconds, a future 64-bit counter) declares its own bound.

export const INT32_RANGE = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

/** The request parts that are validated; `response` schemas only serialise and are left alone. */
const REQUEST_PARTS = ['body', 'querystring', 'query', 'params', 'headers'] as const;

function isIntegerSchema(schema: Record<string, unknown>): boolean {
  const type = schema.type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
}

/** A copy of a JSON schema in which every integer has both bounds (32-bit where the schema gave none). */
export function withIntegerBounds<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item) => withIntegerBounds(item)) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  // Descriptors keep TypeBox's non-enumerable markers; the copy leaves the shared contract objects untouched.
  const copy = Object.create(Object.getPrototypeOf(schema), Object.getOwnPropertyDescriptors(schema)) as Record<
    string,
    unknown
  >;
  for (const [key, value] of Object.entries(copy)) {
    if (value !== null && typeof value === 'object') copy[key] = withIntegerBounds(value);
  }
  if (isIntegerSchema(copy)) {
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) copy.minimum = INT32_RANGE.minimum;
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = INT32_RANGE.maximum;
  }
  return copy as T;
}

/** Where the first non-finite number sits in a validated input (`ids.2`), or undefined when there is none. */
export function nonFiniteAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteAt(item, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Installs both guards on the root app, before any route is added; routes added later inherit them. */
export function installNumericInputGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema) return;
    const bounded = { ...schema };
    for (const part of REQUEST_PARTS) {
      if (bounded[part] !== undefined) bounded[part] = withIntegerBounds(bounded[part]);
    }
    route.schema = bounded;
  });
  // After validation, so query strings are already coerced to the numbers the handler would see.
  app.addHook('preHandler', async (request) => {
    for (const [part, value] of [
      ['query', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const field = nonFiniteAt(value);
      if (field !== undefined) {
        throw new ApiError(ErrorCode.parameter, { field: field || part, reason: 'must be a finite number' });
      }
    }
  });
}
