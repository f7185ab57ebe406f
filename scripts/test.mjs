// `npm test`: install what is missing, then lint, type-check, run unit and integration tests
// (SQLite and PostgreSQL), build the console and run the browser end-to-end tests.
import { execSync } from 'node:child_process';
import { buildWeb } from './build-web.mjs';
import { ensureFonts } from './ensure-fonts.mjs';
import { ensureInstalled } from './ensure-installed.mjs';

const root = new URL('..', import.meta.url).pathname;
const run = (title, cmd) => {
  console.log(`\n[headway test] ${title}: ${cmd}`);
  const started = Date.now();
  execSync(cmd, { cwd: root, stdio: 'inherit' });
  console.log(`[headway test] ${title} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

ensureInstalled();
ensureFonts({ withTools: true });
run('lint and format', 'npx biome ci .');
run('type-check', 'npm run typecheck');
// Two workers on this 2-core kind (Vitest's default is cores - 1, one here): the integration suites mostly wait on
// PostgreSQL, sockets and timers, so two files at a time nearly halve the stage. Every suite is isolated for it:
// its own database, free ports, temp folders and NATS subject prefix.
run(
  'unit and integration',
  'npx vitest run --maxWorkers=2 --project spec --project protocol --project server --project simulator --project web',
);
buildWeb();
// The console was just built; the e2e global setup need not build it again.
process.env.HEADWAY_E2E_SKIP_BUILD = '1';
run('end-to-end (Chromium)', 'npx vitest run --project e2e');
