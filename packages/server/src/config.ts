import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AlarmMailConfig, alarmMailConfigFrom } from './alarms/mail/config.ts';
import { type GeocodingConfig, geocodingConfigFrom } from './geocoding/config.ts';

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
  /** What this process runs (HEADWAY_ROLES); all three by default. docs/live.md "Several nodes". */
  roles: ReadonlySet<Role>;
  /** `nats://…` selects the NATS live bus (several nodes); otherwise the in-process bus. */
  natsUrl: string | undefined;
  /** Live subjects are `{natsSubject}.{companyId}`; nodes of one deployment must agree. */
  natsSubject: string;
  /**
   * This node's name: the gateway records it on the devices it holds, so a restart marks only its own terminals
   * offline. Default `hostname:gatewayPort` — stable across restarts, distinct for two gateways on one host.
   */
  nodeId: string;
  /** The address resolver's place list and Nominatim service (HEADWAY_GEOCODER_*, docs/geocoding.md). */
  geocoding: GeocodingConfig;
  /** Alarm mail notices (HEADWAY_SMTP_URL, HEADWAY_MAIL_*; docs/alarms.md "Mail notices"); off without a URL. */
  mail: AlarmMailConfig;
  /**
   * Sign-in attempts allowed per address (and per account) in any 60 s (HEADWAY_LOGIN_ATTEMPTS_PER_MINUTE, default
   * 10): a control room behind one NAT address, or a test suite, may need more.
   */
  loginAttemptsPerMinute: number | undefined;
}

export const ROLES = ['api', 'gateway', 'ingest'] as const;
/**
 * `api`: REST API, console and the STOMP live endpoint. `gateway`: the JT/T 808 / 1078 / JSATL12 TCP ports.
 * `ingest`: route progress and live publishing of what this process's gateway committed (needs `gateway`).
 */
export type Role = (typeof ROLES)[number];

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

function roles(value: string | undefined): ReadonlySet<Role> {
  if (value === undefined || value.trim() === '') return new Set(ROLES);
  const named = value.split(',').map((r) => r.trim().toLowerCase());
  for (const role of named) {
    if (!(ROLES as readonly string[]).includes(role))
      throw new Error(`HEADWAY_ROLES: unknown role "${role}" (known: ${ROLES.join(', ')})`);
  }
  return new Set(named as Role[]);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const gatewayPort = integer('HEADWAY_GATEWAY_PORT', env.HEADWAY_GATEWAY_PORT, 7611);
  return {
    port: integer('PORT', env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    gatewayPort,
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
    roles: roles(env.HEADWAY_ROLES),
    natsUrl: env.HEADWAY_NATS_URL || undefined,
    natsSubject: env.HEADWAY_NATS_SUBJECT || 'headway.live',
    nodeId: env.HEADWAY_NODE_ID || `${hostname()}:${gatewayPort}`,
    geocoding: geocodingConfigFrom(env),
    mail: alarmMailConfigFrom(env),
    loginAttemptsPerMinute: env.HEADWAY_LOGIN_ATTEMPTS_PER_MINUTE
      ? integer('HEADWAY_LOGIN_ATTEMPTS_PER_MINUTE', env.HEADWAY_LOGIN_ATTEMPTS_PER_MINUTE, 10)
      : undefined,
  };
}
