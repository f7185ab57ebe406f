import { describe, expect, it } from 'vitest';

// The console takes only types from the server's contract: a value import would pull TypeBox and the server's
// schemas into the browser bundle and the live worker. Shared values (codes, bits, states, defaults) come from
// @headway/spec. Tests follow the same rule. `import { type X }` is not enough: with verbatimModuleSyntax it still
// loads the module.

const sources = import.meta.glob('./**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const FROM_SERVER = /^\s*(import|export)\b([^;]*?)\bfrom\s*['"]@headway\/server[^'"]*['"]/gms;

function valueImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(FROM_SERVER)) {
    const [statement, keyword] = match;
    if (!new RegExp(`^\\s*${keyword}\\s+type\\b`).test(statement)) found.push(statement.trim());
  }
  return found;
}

describe('imports from @headway/server in the console', () => {
  it('finds the console sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });

  it('are type-only', () => {
    const offenders = Object.entries(sources).flatMap(([file, source]) =>
      valueImports(source).map((statement) => `${file}: ${statement}`),
    );
    expect(offenders).toEqual([]);
  });

  it('would catch a value import', () => {
    expect(valueImports("import { ErrorCode } from '@headway/server/contract';")).toHaveLength(1);
    expect(valueImports("import { type A, b } from '@headway/server/contract';")).toHaveLength(1);
    expect(valueImports("import type { A } from '@headway/server/contract';")).toEqual([]);
    expect(valueImports("export type { A as B } from '@headway/server/contract';")).toEqual([]);
  });
});
