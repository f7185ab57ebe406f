import { Writable } from 'node:stream';
import { alarmLabel, safetyAlarmCode, WARNING_BIT_ALARM_CODES, WARNING_BITS } from '@headway/spec';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/database.ts';
import { seedCompany } from '../../../test/helpers/server.ts';
import { seedDemo } from '../../demo/seed.ts';
import { seedMapFixture } from '../../vehicles/testing/fixtures.ts';
import type { RaisedAlarm } from '../body.ts';
import {
  addRole,
  addUser,
  type FixtureAlarm,
  putInConsole,
  setMailNotice,
  storeAlarms,
} from '../export/testing/fixtures.ts';
import { type AlarmMailConfig, DEFAULT_ALARM_MAIL } from './config.ts';
import { type AlarmMail, startAlarmMail } from './index.ts';
import { type ReceivedMail, SINK_USER, type SmtpSink, startSmtpSink } from './testing/smtp-sink.ts';

// Mail notices end to end on both engines: real users, preferences, consoles and alarm rows in the database, the
// notifier fed as the detector feeds it, nodemailer speaking SMTP to a real server in this process.

const T0 = 1_767_229_200; // 2026-01-01T01:00:00Z = 08:00 in Bangkok
const SOS = WARNING_BIT_ALARM_CODES[WARNING_BITS.sos.bit] as number;
const FCW = safetyAlarmCode(0x64, 1);
const VIEW = 1;

/** A pino logger writing into an array, so the tests read what an operator would. */
function capturedLogger() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

const recipientsOf = (mails: readonly ReceivedMail[]) => mails.flatMap((m) => m.to).sort();
const mailTo = (mails: readonly ReceivedMail[], address: string) => {
  const found = mails.filter((m) => m.to.includes(address));
  expect(found).toHaveLength(1);
  return found[0] as ReceivedMail;
};

describe.each(ENGINES)('alarm mail notices on %s', (engine) => {
  let test: TestStore;
  let companyId: number;
  let otherCompanyId: number;
  let sink: SmtpSink;
  let mail: AlarmMail | undefined;
  const bus1 = { car_name: 'Bus 1', lpn: 'LPN-Bus 1', imei: '860000000000001', terminal_phone: '013800000001' };
  const bus2 = { car_name: 'Bus 2', lpn: 'LPN-Bus 2', imei: '860000000000002', terminal_phone: '013800000002' };

  function start(config: Partial<AlarmMailConfig> = {}) {
    const captured = capturedLogger();
    mail = startAlarmMail({
      db: test.store.db,
      logger: captured.logger,
      config: {
        ...DEFAULT_ALARM_MAIL,
        smtpUrl: sink.url,
        firstDelayMs: 20,
        windowMs: 400,
        retryDelayMs: 50,
        directoryTtlMs: 0,
        ...config,
      },
    });
    return { mail, lines: captured.lines };
  }

  async function raise(company: number, alarms: readonly FixtureAlarm[]): Promise<RaisedAlarm[]> {
    return storeAlarms(test.store.db, company, alarms);
  }

  beforeAll(async () => {
    test = await createTestStore(engine);
    const db = test.store.db;
    companyId = (await seedDemo(db, { password: 'headway2026' })).companyId;
    await db
      .updateTable('companies')
      .set({ config: JSON.stringify({ multiple_search_limit: 60, time_zone: 'Asia/Bangkok' }) })
      .where('id', '=', companyId)
      .execute();
    const { lineIds, carIds } = await seedMapFixture(db, companyId, [
      { carName: 'Bus 1', imei: bus1.imei, terminalPhone: bus1.terminal_phone, fleet: null, line: 'L1' },
      { carName: 'Bus 2', imei: bus2.imei, terminalPhone: bus2.terminal_phone, fleet: null, line: 'L2' },
    ]);
    Object.assign(bus1, { car_id: carIds.get('Bus 1'), route_id: lineIds.get('L1'), route_name: 'Line L1' });
    Object.assign(bus2, { car_id: carIds.get('Bus 2'), route_id: lineIds.get('L2'), route_name: 'Line L2' });

    const viewer = await addRole(db, companyId, { SafetyActiveSafety: VIEW });
    const blind = await addRole(db, companyId, { MonitoringMap: VIEW });
    const user = (account: string, extra: Partial<Parameters<typeof addUser>[2]> = {}) =>
      addUser(db, companyId, { account, email: `${account}@example.test`, roleId: viewer, ...extra });
    const wantsMail = async (userId: number, ...codes: number[]) => {
      for (const code of codes) await setMailNotice(db, companyId, userId, code, 0);
    };

    // Company-wide, language unknown (English), mail on for SOS and FCW.
    await wantsMail(await user('alice'), SOS, FCW);
    // Chinese, in a console holding line L1 only.
    const chen = await user('chen', { userConfig: { settings: { language: 'zh' } } });
    await wantsMail(chen, SOS);
    await putInConsole(db, companyId, chen, [lineIds.get('L1') ?? 0]);
    // Thai, in a console holding line L2 only.
    const somchai = await user('somchai', { userConfig: { settings: { language: 'th' } } });
    await wantsMail(somchai, SOS, FCW);
    await putInConsole(db, companyId, somchai, [lineIds.get('L2') ?? 0]);
    // Mail turned off, never set (default off), no address, no view on alarms, disabled: none of them is mailed.
    await setMailNotice(db, companyId, await user('bob'), SOS, 1);
    await user('dora');
    await wantsMail(await user('erin', { email: '' }), SOS);
    await wantsMail(await user('frank', { roleId: blind }), SOS);
    await wantsMail(await user('gus', { state: 1 }), SOS);

    const other = await seedCompany(test.store, 'Other Transit', 'other-admin');
    otherCompanyId = other.companyId;
    const otherViewer = await addRole(db, otherCompanyId, { SafetyActiveSafety: VIEW });
    const hank = await addUser(db, otherCompanyId, {
      account: 'hank',
      email: 'hank@example.test',
      roleId: otherViewer,
    });
    await setMailNotice(db, otherCompanyId, hank, SOS, 0);
  });
  afterAll(() => test.drop());

  afterEach(async () => {
    await mail?.stop();
    mail = undefined;
    await sink?.close();
  });

  it('mails each alarm to the users of its company who turned mail on and can see the vehicle, nobody else', async () => {
    sink = await startSmtpSink();
    const { mail } = start();
    // Stored first, then handed over as the detector does after each commit (a slow insert between two handovers
    // would rightly split alice's mail in two with a 20 ms first delay).
    const batches = [
      await raise(companyId, [{ ...bus1, platform_alarm_id: SOS, alarm_level: 3, event_time: T0 }]),
      await raise(companyId, [{ ...bus2, platform_alarm_id: SOS, alarm_level: 3, event_time: T0 + 5 }]),
      await raise(otherCompanyId, [{ car_name: 'Foreign bus', platform_alarm_id: SOS, event_time: T0 }]),
    ];
    for (const batch of batches) mail.onRaised(batch);
    await mail.idle();

    const mails = sink.received;
    expect(recipientsOf(mails)).toEqual([
      'alice@example.test',
      'chen@example.test',
      'hank@example.test',
      'somchai@example.test',
    ]);
    expect(mails.every((m) => m.user === SINK_USER && m.from === SINK_USER)).toBe(true);
    // Both of the company's alarms reach alice in one mail; each console user only the own line's vehicle.
    const alice = mailTo(mails, 'alice@example.test').parsed;
    expect(alice.text).toContain('Bus 1');
    expect(alice.text).toContain('Bus 2');
    expect(alice.text).not.toContain('Foreign bus');
    expect(mailTo(mails, 'chen@example.test').parsed.text).not.toContain('Bus 2');
    expect(mailTo(mails, 'somchai@example.test').parsed.text).not.toContain('Bus 1');
    expect(mailTo(mails, 'hank@example.test').parsed.text).toContain('Foreign bus');
  });

  it("writes subject and body in the recipient's language, times in the company's zone", async () => {
    sink = await startSmtpSink();
    const { mail } = start();
    const sos = await raise(companyId, [
      { ...bus1, platform_alarm_id: SOS, alarm_level: 3, event_time: T0, speed: 42.5, lat: 13.7563, lng: 100.5018 },
    ]);
    const fcw = await raise(companyId, [
      { ...bus2, device_type: 'ADAS', alarm_type: 1, platform_alarm_id: FCW, alarm_level: 2, event_time: T0 + 60 },
    ]);
    mail.onRaised(sos);
    mail.onRaised(fcw);
    await mail.idle();
    const mails = sink.received;

    const chen = mailTo(mails, 'chen@example.test').parsed;
    expect(chen.subject).toBe(`[Headway · Demo Transit] 报警：${alarmLabel(SOS, 'zh')} · Bus 1`);
    expect(chen.text).toContain('chen name，您好：');
    expect(chen.text).toContain('时间均为 Asia/Bangkok (GMT+07:00)。');
    expect(chen.text).toContain(`2026-01-01 08:00:00  ${alarmLabel(SOS, 'zh')} (紧急)`);
    expect(chen.text).toContain('车牌号: LPN-Bus 1');
    expect(chen.text).toContain('速度: 42.5 km/h');
    expect(chen.text).toContain('位置: 13.75630, 100.50180');
    expect(chen.html).toContain('<th style="padding:4px 8px;border:1px solid #ddd;text-align:left">车辆</th>');

    // The ADAS alarm is named by its alarm type (the spec's text rule), in Thai.
    const somchai = mailTo(mails, 'somchai@example.test').parsed;
    expect(somchai.subject).toBe(`[Headway · Demo Transit] แจ้งเตือน: ${alarmLabel(FCW, 'th')} · Bus 2`);
    expect(somchai.text).toContain('เรียน somchai name');
    expect(somchai.text).toContain('ทะเบียนรถ: LPN-Bus 2');

    const alice = mailTo(mails, 'alice@example.test').parsed;
    expect(alice.subject).toBe(
      `[Headway · Demo Transit] 2 alarms: ${alarmLabel(SOS, 'en')} ×1, ${alarmLabel(FCW, 'en')} ×1`,
    );
    expect(alice.text).toContain('Hello alice name,');
    expect(alice.text).toContain('2 alarms were raised for vehicles you watch.');
  });

  it('turns a storm of 500 alarms into one digest per recipient per window', async () => {
    sink = await startSmtpSink();
    const { mail } = start({ maxRows: 50 });
    const storm = await raise(
      companyId,
      Array.from({ length: 500 }, (_, i) => ({ ...bus1, platform_alarm_id: SOS, alarm_level: 3, event_time: T0 + i })),
    );
    // The detector hands over one stored batch at a time.
    for (let i = 0; i < storm.length; i += 50) mail.onRaised(storm.slice(i, i + 50));
    await mail.idle();

    expect(recipientsOf(sink.received)).toEqual(['alice@example.test', 'chen@example.test']);
    const alice = mailTo(sink.received, 'alice@example.test');
    expect(alice.parsed.subject).toBe(`[Headway · Demo Transit] 500 alarms: ${alarmLabel(SOS, 'en')} ×500`);
    expect(alice.parsed.text).toContain('And 450 more: see them all in the alarm details of the console.');
    expect((alice.parsed.text ?? '').match(/Plate: LPN-Bus 1/g)).toHaveLength(50);
    expect(mailTo(sink.received, 'chen@example.test').parsed.text).toContain('另有 450 条报警');

    // The next alarm goes alone, in a mail of its own after the window (timing: digest-queue.test.ts).
    mail.onRaised(await raise(companyId, [{ ...bus1, platform_alarm_id: SOS, event_time: T0 + 600 }]));
    await mail.idle();
    expect(sink.received).toHaveLength(4);
    expect(
      sink.received
        .slice(2)
        .map((m) => m.parsed.subject)
        .sort(),
    ).toEqual([
      `[Headway · Demo Transit] Alarm: ${alarmLabel(SOS, 'en')} · Bus 1`,
      `[Headway · Demo Transit] 报警：${alarmLabel(SOS, 'zh')} · Bus 1`,
    ]);
  });

  it('logs a refused mail with the SMTP answer and tries it once more', async () => {
    sink = await startSmtpSink();
    const { mail, lines } = start();
    sink.failNext(1);
    mail.onRaised(await raise(otherCompanyId, [{ car_name: 'Foreign bus', platform_alarm_id: SOS, event_time: T0 }]));
    await mail.idle();
    expect(recipientsOf(sink.received)).toEqual(['hank@example.test']);
    const warning = lines.find((l) => l.msg.startsWith('alarm mail failed; retrying once'));
    expect(warning).toMatchObject({ smtpCode: 451 });
    expect(String(warning?.smtpResponse)).toContain('Try again later');
  });

  it('gives up after the retry, logs it, and keeps mailing later alarms', async () => {
    sink = await startSmtpSink();
    const { mail, lines } = start();
    sink.failNext(2);
    mail.onRaised(await raise(otherCompanyId, [{ car_name: 'Foreign bus', platform_alarm_id: SOS, event_time: T0 }]));
    await mail.idle();
    expect(sink.received).toHaveLength(0);
    expect(lines.filter((l) => l.msg.startsWith('alarm mail failed')).map((l) => l.msg)).toEqual([
      'alarm mail failed; retrying once in 50 ms',
      'alarm mail failed again; dropped',
    ]);
    mail.onRaised(
      await raise(otherCompanyId, [{ car_name: 'Foreign bus', platform_alarm_id: SOS, event_time: T0 + 1 }]),
    );
    await mail.idle();
    expect(recipientsOf(sink.received)).toEqual(['hank@example.test']);
  });

  it('logs and drops a digest when the SMTP server is gone, without throwing at the detector', async () => {
    sink = await startSmtpSink();
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    const { mail, lines } = start({ smtpUrl: 'smtp://127.0.0.1:1' });
    mail.onRaised(await raise(otherCompanyId, [{ car_name: 'Foreign bus', platform_alarm_id: SOS, event_time: T0 }]));
    await mail.idle();
    const failures = lines.filter((l) => l.msg.startsWith('alarm mail failed'));
    expect(failures).toHaveLength(2);
    expect(failures[0]?.smtpCode).toBe('ESOCKET');
    expect(JSON.stringify(failures[0]?.err)).toContain('ECONNREFUSED');
  });

  it('sends nothing and raises nothing when HEADWAY_SMTP_URL is unset', async () => {
    sink = await startSmtpSink();
    const { mail, lines } = start({ smtpUrl: undefined });
    expect(mail.enabled).toBe(false);
    expect(lines.map((l) => l.msg)).toEqual(['mail notices off: HEADWAY_SMTP_URL is not set']);
    mail.onRaised(await raise(companyId, [{ ...bus1, platform_alarm_id: SOS, event_time: T0 }]));
    await mail.idle();
    expect(sink.received).toHaveLength(0);
  });

  it('skips alarms of a company that no longer exists', async () => {
    sink = await startSmtpSink();
    const { mail, lines } = start();
    const [alarm] = await raise(companyId, [{ ...bus1, platform_alarm_id: SOS, event_time: T0 }]);
    if (!alarm) throw new Error('no alarm');
    mail.onRaised([{ ...alarm, companyId: 999_999 }, alarm]);
    await mail.idle();
    expect(recipientsOf(sink.received)).toEqual(['alice@example.test', 'chen@example.test']);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });
});
