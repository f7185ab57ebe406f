import { alarmTextCode } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../store/schema.ts';
import type { AlarmListener, RaisedAlarm } from '../body.ts';
import type { AlarmMailConfig } from './config.ts';
import { type Digest, DigestQueue, realTimers, type Timers } from './digest-queue.ts';
import { composeDigest } from './message.ts';
import { RecipientDirectory } from './recipients.ts';
import { type MailTransport, smtpTransport } from './transport.ts';

// Mail notices (docs/alarms.md "Mail notices"): newly raised alarms → the users who asked for mail about their
// type and can see the vehicle → one digest per recipient per window, in the recipient's language.
// Wiring: `const mail = startAlarmMail({ db, logger, config: config.mail })`, then hand `mail.onRaised` to the
// detector's listener registry and `await mail.stop()` on shutdown.

export { type AlarmMailConfig, alarmMailConfigFrom, DEFAULT_ALARM_MAIL } from './config.ts';

export interface AlarmMail {
  /** True when an SMTP server is configured. */
  readonly enabled: boolean;
  /** The detector's listener: returns at once, never throws; the routing and sending happen later. */
  readonly onRaised: AlarmListener;
  /** Resolves when every alarm handed over so far is routed and every digest due is sent (tests, shutdown). */
  idle(): Promise<void>;
  /** Sends what is pending now, then closes the SMTP transport. */
  stop(): Promise<void>;
}

export interface AlarmMailDeps {
  db: Kysely<Database>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  config: AlarmMailConfig;
  /** Another transport than HEADWAY_SMTP_URL's (tests of failure paths). */
  transport?: MailTransport;
  timers?: Timers;
}

const ROUTE_BATCH = 2000;

export function startAlarmMail(deps: AlarmMailDeps): AlarmMail {
  const { db, logger, config } = deps;
  const transport = deps.transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, config.from) : undefined);
  if (!transport) {
    logger.info('mail notices off: HEADWAY_SMTP_URL is not set');
    return { enabled: false, onRaised: () => {}, idle: () => Promise.resolve(), stop: () => Promise.resolve() };
  }
  logger.info({ smtp: transport.describe, from: transport.from }, 'mail notices on');

  const timers = deps.timers ?? realTimers;
  const directory = new RecipientDirectory(db, config.directoryTtlMs, config.defaultLanguage, () => timers.now());

  // Raised alarms wait here until routed to recipients; counters let a due digest wait for those raised before it.
  const inbox: RaisedAlarm[] = [];
  let received = 0;
  let routed = 0;
  let routing: Promise<void> | undefined;
  let routedWaiters: { upTo: number; resolve: () => void }[] = [];
  let dropped = 0;
  let droppedLoggedAt = 0;
  let stopped = false;

  const queue = new DigestQueue<RaisedAlarm>(
    config,
    {
      kindOf: (alarm) => alarmTextCode(alarm.body),
      deliver: (digest) => deliver(digest),
      onError(error, digest, final) {
        const smtp = error as { response?: string; responseCode?: number; code?: string };
        logger.warn(
          { err: error, smtpResponse: smtp.response, smtpCode: smtp.responseCode ?? smtp.code, alarms: digest.total },
          final ? 'alarm mail failed again; dropped' : `alarm mail failed; retrying once in ${config.retryDelayMs} ms`,
        );
      },
      beforeFlush: () => routedUpTo(received),
    },
    timers,
  );

  function routedUpTo(target: number): Promise<void> {
    if (routed >= target) return Promise.resolve();
    return new Promise((resolve) => routedWaiters.push({ upTo: target, resolve }));
  }

  function wakeRouted(): void {
    const due = routedWaiters.filter((w) => routed >= w.upTo);
    if (due.length === 0) return;
    routedWaiters = routedWaiters.filter((w) => routed < w.upTo);
    for (const w of due) w.resolve();
  }

  async function route(batch: readonly RaisedAlarm[]): Promise<void> {
    const byCompany = new Map<number, RaisedAlarm[]>();
    for (const alarm of batch) {
      const list = byCompany.get(alarm.companyId);
      if (list) list.push(alarm);
      else byCompany.set(alarm.companyId, [alarm]);
    }
    for (const [companyId, alarms] of byCompany) {
      const company = await directory.get(companyId);
      if (!company) continue;
      for (const alarm of alarms) {
        for (const recipient of company.recipientsOf(alarm)) queue.add(`${companyId}:${recipient.userId}`, alarm);
      }
    }
  }

  async function drain(): Promise<void> {
    while (inbox.length > 0) {
      const batch = inbox.splice(0, ROUTE_BATCH);
      try {
        await route(batch);
      } catch (error) {
        logger.error({ err: error, alarms: batch.length }, 'alarm mail: could not find the recipients; skipped');
      }
      routed += batch.length;
      wakeRouted();
    }
  }

  function kick(): void {
    if (routing) return;
    routing = drain().finally(() => {
      routing = undefined;
      if (inbox.length > 0) kick();
    });
  }

  async function deliver(digest: Digest<RaisedAlarm>): Promise<void> {
    const [companyPart, userPart] = digest.key.split(':');
    const company = await directory.get(Number(companyPart));
    const recipient = company?.users.get(Number(userPart));
    // Disabled, deleted or without e-mail since the alarm was routed: nobody to tell.
    if (!company || !recipient) return;
    const content = composeDigest({
      language: recipient.language,
      userName: recipient.userName,
      companyTitle: company.companyTitle,
      timeZone: company.timeZone,
      alarms: digest.items.map((alarm) => alarm.body),
      total: digest.total,
      kinds: digest.kinds,
      customName: (code) => company.customNames.get(code),
    });
    await transport?.send(recipient.email, content);
  }

  return {
    enabled: true,
    onRaised(alarms) {
      if (stopped || alarms.length === 0) return;
      const room = Math.max(0, config.maxQueued - inbox.length);
      const taken = alarms.length <= room ? alarms : alarms.slice(0, room);
      if (taken.length < alarms.length) {
        dropped += alarms.length - taken.length;
        // One line a minute at most: a stuck database under a storm must not also flood the log.
        if (timers.now() - droppedLoggedAt >= 60_000) {
          droppedLoggedAt = timers.now();
          logger.warn({ dropped }, 'alarm mail: routing queue full; alarms left out of mail notices');
        }
      }
      for (const alarm of taken) inbox.push(alarm);
      received += taken.length;
      kick();
    },
    async idle() {
      await routedUpTo(received);
      await queue.idle();
    },
    async stop() {
      stopped = true;
      await routedUpTo(received);
      await queue.stop();
      transport.close();
    },
  };
}
