import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    // A suite's setup starts a platform (migrations on a fresh database, a gateway, seeded demo data): with two
    // suites at a time on two cores it has taken over the default 10 s.
    hookTimeout: 60_000,
  },
});
