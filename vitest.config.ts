import { defineConfig } from 'vitest/config';

// One runner for the whole tree; each workspace keeps its own config (name, environment, timeouts).
export default defineConfig({
  test: {
    projects: ['packages/spec', 'packages/protocol', 'packages/server', 'packages/simulator', 'packages/web', 'e2e'],
  },
});
