import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the process reads from its environment, in one place (README / docs/decisions.md). */
export interface PlatformConfig {
  port: number;
  host: string;
  /** JT/T 808 terminals connect here (read by the gateway module, src/gateway/). */
  gatewayPort: number;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; otherwise SQLite at `<dataDir>/headway.db`. */
  databaseUrl: string | undefined;
  demo: boolean;
  demoPassword: string | undefined;
  wechatDev: boolean;
  trustProxy: boolean;
  defaultCompanyId: number | undefined;
  logLevel: string;
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  return {
    port: integer('PORT', env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    gatewayPort: integer('HEADWAY_GATEWAY_PORT', env.HEADWAY_GATEWAY_PORT, 7611),
    dataDir: env.HEADWAY_DATA_DIR || join(REPO_ROOT, 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    // The demo company is seeded unless HEADWAY_DEMO=0: a fresh clone must show something to log into.
    demo: flag(env.HEADWAY_DEMO, true),
    demoPassword: env.HEADWAY_DEMO_PASSWORD || undefined,
    wechatDev: flag(env.HEADWAY_WECHAT_DEV, false),
    trustProxy: flag(env.HEADWAY_TRUST_PROXY, false),
    defaultCompanyId: env.HEADWAY_DEFAULT_COMPANY
      ? integer('HEADWAY_DEFAULT_COMPANY', env.HEADWAY_DEFAULT_COMPANY, 0)
      : undefined,
    logLevel: env.LOG_LEVEL || 'info',
  };
}
