import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, type RunningServer, startServer } from './server.ts';

let server: RunningServer | undefined;

/** Builds the console once, starts one real server for all browser tests, and stops it afterwards. */
export default async function setup(project: TestProject) {
  if (!process.env.HEADWAY_E2E_SKIP_BUILD) {
    // Vitest sets NODE_ENV=test, which would make Vite build React's development bundles: test what users get.
    execFileSync('npm', ['run', 'build', '-w', '@headway/web'], {
      cwd: REPO_ROOT,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('gatewayPort', server.gatewayPort);
  project.provide('attachmentPort', server.attachmentPort);
  project.provide('dataDir', server.dataDir);
  return async () => {
    await server?.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    gatewayPort: number;
    attachmentPort: number;
    dataDir: string;
  }
}
