import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { parameterError } from '../kernel/errors.ts';

// A row's body through the create route's JSON schema, as Fastify would check a POST: the first failure is 1004 on
// its field, so a too-long plate in a file is refused exactly as in the form.

export function assertBody(schema: TSchema, body: Record<string, unknown>): void {
  const [first] = Value.Errors(schema, body);
  if (!first) return;
  const params = first.params as { requiredProperties?: string[] };
  const field = first.instancePath.split('/')[1] ?? params.requiredProperties?.[0] ?? '';
  throw parameterError(field, first.keyword === 'required' ? 'required' : first.message);
}
