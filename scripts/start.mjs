// `npm start`: install what is missing, build the console, then run the platform
// with the demo fleet beside it (migrations and the demo seed run inside the server on start).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWeb } from './build-web.mjs';
import { ensureFonts } from './ensure-fonts.mjs';
import { ensureInstalled } from './ensure-installed.mjs';

const root = new URL('..', import.meta.url).pathname;
ensureInstalled();
ensureFonts();
buildWeb();

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/simulator/src/demo-main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { HEADWAY_DEMO: '1', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
