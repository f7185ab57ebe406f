import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WARNING_BIT_ALARM_CODES, WARNING_BITS } from '@headway/spec';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { type RunningPlatform, startPlatform } from '../../platform.ts';
import { addRole, addUser, setMailNotice, storeAlarms } from '../export/testing/fixtures.ts';
import { alarmMailModule } from './module.ts';
import { type SmtpSink, startSmtpSink } from './testing/smtp-sink.ts';

// The module as `npm start` runs it: HEADWAY_SMTP_URL from the environment, subscribed to app.alarms, so what the
// ingest's alarm writer emits there is mailed.

const SOS = WARNING_BIT_ALARM_CODES[WARNING_BITS.sos.bit] as number;

describe('alarm mail module', () => {
  let platform: RunningPlatform | undefined;
  let sink: SmtpSink | undefined;
  let dataDir = '';

  afterEach(async () => {
    await platform?.stop();
    await sink?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>) {
    dataDir = mkdtempSync(join(tmpdir(), 'headway-mail-'));
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', HEADWAY_DATA_DIR: dataDir, ...env });
    // A short first delay: the default five seconds would only slow the test.
    platform = await startPlatform(config, [alarmMailModule({ firstDelayMs: 10 })], pino({ level: 'silent' }));
    const db = platform.store.db;
    const companyId = (await db.selectFrom('companies').select('id').executeTakeFirstOrThrow()).id;
    const roleId = await addRole(db, companyId, { SafetyActiveSafety: 1 });
    const userId = await addUser(db, companyId, { account: 'ops', email: 'ops@example.test', roleId });
    await setMailNotice(db, companyId, userId, SOS, 0);
    return { app: platform.app, alarms: await storeAlarms(db, companyId, [{ platform_alarm_id: SOS, event_time: 1 }]) };
  }

  it('mails what is emitted on app.alarms when HEADWAY_SMTP_URL is set', async () => {
    sink = await startSmtpSink();
    const { app, alarms } = await start({ HEADWAY_SMTP_URL: sink.url, HEADWAY_MAIL_FROM: 'alarms@example.test' });
    expect(app.alarms.size).toBe(1);
    app.alarms.emit(alarms);
    const [mail] = await sink.waitFor(1);
    expect(mail?.to).toEqual(['ops@example.test']);
    expect(mail?.from).toBe('alarms@example.test');
  });

  it('subscribes nothing without HEADWAY_SMTP_URL', async () => {
    const { app } = await start({});
    expect(app.alarms.size).toBe(0);
  });
});
