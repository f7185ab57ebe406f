import { loadConfig } from './config.ts';
import { PLATFORM_MODULES } from './modules.ts';
import { type PlatformModule, startPlatform } from './platform.ts';

/**
 * The process entry shared by `main.ts` (the platform alone) and the simulator's demo entry (the platform with
 * the demo fleet beside it): migrate, seed, start the modules, serve, print the URL and logins, stop on signals.
 * Extra modules start after the platform's own, so a fleet finds the gateway already listening.
 */
export async function runPlatform(extraModules: readonly PlatformModule[] = []): Promise<void> {
  const config = loadConfig();
  const platform = await startPlatform(config, [...PLATFORM_MODULES, ...extraModules]);

  const roles = config.roles;
  const lines = [
    '',
    `  Headway is running (${platform.store.engine === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`})`,
  ];
  if (roles.has('api')) lines.push(`  Console:  ${platform.url}/`, `  API:      ${platform.url}/api`);
  else lines.push(`  Metrics:  ${platform.url}/api/admin/gateway/metrics`);
  if (roles.has('gateway')) lines.push(`  Gateway:  JT/T 808 on TCP ${config.gatewayPort}`);
  if (config.natsUrl || roles.size < 3) {
    // Only worth a line when this process is one node of several.
    lines.push(`  Node:     ${config.nodeId} (${[...roles].join(', ')}; live bus ${config.natsUrl ?? 'in-process'})`);
  }
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
}
