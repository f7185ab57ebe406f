import type { Envelope } from '../contract/index.ts';

/** The success envelope; failures are built only at the edge (edge.ts) from thrown ApiErrors. */
export function ok<T>(result: T): Envelope<T> {
  return { code: 0, msg: 'ok', result };
}
