import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/i18n/test-setup.ts', 'src/testing/async-timeout.ts'],
    // Mounting antd forms and tables takes seconds when the machine is busy (CI's two workers, other jobs); a
    // test that is merely slow must not fail.
    testTimeout: 15_000,
  },
});
