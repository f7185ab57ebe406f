import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'spec',
    include: ['src/**/*.test.ts'],
  },
});
