import { loadConfig } from './config.ts';
import { PLATFORM_MODULES } from './modules.ts';
import { startPlatform } from './platform.ts';

// `node --import tsx packages/server/src/main.ts`: migrate, seed the demo, serve the console and the API.
const config = loadConfig();
const platform = await startPlatform(config, PLATFORM_MODULES);

const lines = [
  '',
  `  Headway is running (${platform.store.engine === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`})`,
  `  Console:  ${platform.url}/`,
  `  API:      ${platform.url}/api`,
];
if (platform.demo) {
  lines.push('', `  Demo logins (company "Demo Transit"; password as set at first start):`);
  for (const login of platform.demo.logins) {
    lines.push(`    ${login.account.padEnd(12)} password: ${login.password.padEnd(14)} ${login.role}`);
  }
}
process.stdout.write(`${lines.join('\n')}\n\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    platform.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        platform.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
