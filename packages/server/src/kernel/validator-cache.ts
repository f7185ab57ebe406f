import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';

// Every route set is mounted under each API base (/api, /prod-api: api-routes.ts), and Fastify compiles a route's
// schemas once per mounting, so the same TypeBox schema was compiled by Ajv twice on every start, and again by every
// server a test file starts. Compiling was most of a start's time (docs/performance.md "Server start"). Validators
// are kept by the schema's JSON and the request part: the same schema compiles once per process. Fastify's own
// Ajv compiler and options stay as they are; only the compiled function is reused.

type BuildValidator = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];
type ValidatorOf = ReturnType<NonNullable<BuildValidator>>;

const defaultFactory = AjvCompiler();
const compiled = new Map<string, ReturnType<ValidatorOf>>();

export const cachedValidators: NonNullable<BuildValidator> = (externalSchemas, options) => {
  const compile = defaultFactory(externalSchemas, options);
  // Another Ajv setup (shared schemas, other options) must not reuse these functions.
  const setup = JSON.stringify([externalSchemas, options]);
  return (route) => {
    const key = `${setup}\u0000${route.httpPart}\u0000${JSON.stringify(route.schema)}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = compile(route);
      compiled.set(key, validate);
    }
    return validate;
  };
};
