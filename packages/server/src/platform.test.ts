import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { type PlatformModule, startPlatform } from './platform.ts';

describe('startPlatform', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'headway-platform-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('migrates, seeds the demo, starts modules beside the API and stops them in reverse order', async () => {
    const events: string[] = [];
    const module = (name: string): PlatformModule => ({
      name,
      async start(context) {
        expect(context.store.engine).toBe('sqlite');
        events.push(`start ${name}`);
        return { stop: async () => void events.push(`stop ${name}`) };
      },
    });
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      HEADWAY_DATA_DIR: dataDir,
      HEADWAY_DEMO_PASSWORD: 'pw-123456',
    });
    const platform = await startPlatform(config, [module('gateway'), module('simulator')], pino({ level: 'silent' }));
    expect(platform.demo?.logins.map((l) => [l.account, l.password])).toEqual([
      ['admin', 'pw-123456'],
      ['dispatcher', 'pw-123456'],
    ]);
    const display = await (await fetch(`${platform.url}/api/company/display`)).json();
    expect(display).toMatchObject({ code: 0, result: { companyName: 'Demo Transit' } });
    await platform.stop();
    await platform.stop();
    expect(events).toEqual(['start gateway', 'start simulator', 'stop simulator', 'stop gateway']);

    // A second start on the same data is idempotent: no duplicate company or accounts.
    const again = await startPlatform(config, [], pino({ level: 'silent' }));
    const companies = await again.store.db.selectFrom('companies').select('id').execute();
    const users = await again.store.db.selectFrom('users').select('account').execute();
    expect(companies).toHaveLength(1);
    expect(users.map((u) => u.account).sort()).toEqual(['admin', 'dispatcher']);
    await again.stop();
  });

  it('reads its configuration from the environment with the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      gatewayPort: 7611,
      demo: true,
      databaseUrl: undefined,
    });
    expect(config.dataDir).toMatch(/data$/);
    expect(loadConfig({ HEADWAY_DEMO: '0', DATABASE_URL: 'postgres://x/y' })).toMatchObject({
      demo: false,
      databaseUrl: 'postgres://x/y',
    });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
