import { defineConfig } from 'vitest/config';

// Browser tests share one server and one Chromium; run files one after another.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    exclude: ['node_modules/**', 'artifacts/**'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
