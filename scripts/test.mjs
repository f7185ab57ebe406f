// `npm test`: install what is missing, then lint, type-check, run unit and integration tests
// (SQLite and PostgreSQL), build the console and run the browser end-to-end tests.
import { execSync, spawn } from 'node:child_process';
import { buildWeb } from './build-web.mjs';
import { ensureFonts } from './ensure-fonts.mjs';
import { ensureInstalled } from './ensure-installed.mjs';

const root = new URL('..', import.meta.url).pathname;
const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);
const run = (title, cmd) => {
  console.log(`\n[headway test] ${title}: ${cmd}`);
  const started = Date.now();
  execSync(cmd, { cwd: root, stdio: 'inherit' });
  console.log(`[headway test] ${title} done in ${seconds(started)} s`);
};
/** Starts a stage in the background; the promise settles when it ends (rejects on failure). */
const runBeside = (title, cmd) => {
  console.log(`\n[headway test] ${title} (in the background): ${cmd}`);
  const started = Date.now();
  const child = spawn(cmd, { cwd: root, stdio: 'inherit', shell: true });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      console.log(`[headway test] ${title} ended (${code === 0 ? 'passed' : `exit ${code}`}) in ${seconds(started)} s`);
      if (code === 0) resolve();
      else reject(new Error(`${title} failed`));
    });
  });
};

ensureInstalled();
ensureFonts({ withTools: true });
run('lint and format', 'npx biome ci .');
// tsc is one process on one core for ~2.5 minutes; the unit and integration stage mostly waits on PostgreSQL,
// sockets and timers, so the type-check runs beside it instead of before it (CI's 40-minute budget).
const typecheck = runBeside('type-check', 'npm run typecheck');
typecheck.catch(() => {});
// Two workers on this 2-core kind (Vitest's default is cores - 1, one here): the integration suites mostly wait on
// PostgreSQL, sockets and timers, so two files at a time nearly halve the stage. Every suite is isolated for it:
// its own database, free ports, temp folders and NATS subject prefix.
run(
  'unit and integration',
  'npx vitest run --maxWorkers=2 --project spec --project protocol --project server --project simulator --project web',
);
await typecheck;
buildWeb();
// The console was just built; the e2e global setup need not build it again.
process.env.HEADWAY_E2E_SKIP_BUILD = '1';
run('end-to-end (Chromium)', 'npx vitest run --project e2e');
