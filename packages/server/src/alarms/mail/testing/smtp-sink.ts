import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server in the test process (smtp-server), parsing every message it accepts with mailparser, so the
// mail notices go over a real socket through nodemailer exactly as they would to a company's mail server.

export interface ReceivedMail {
  /** RCPT TO addresses. */
  to: string[];
  from: string;
  /** The account nodemailer logged in with. */
  user: string | undefined;
  parsed: ParsedMail;
}

export interface SmtpSink {
  /** `smtp://user:secret@127.0.0.1:port`. */
  url: string;
  received: ReceivedMail[];
  /** Answer the next `count` messages with a temporary failure (451). */
  failNext(count: number): void;
  /** Resolves once `count` messages have arrived in all. */
  waitFor(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export const SINK_USER = 'headway@example.test';
const SINK_PASSWORD = 'sink-secret';

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let failures = 0;
  let waiters: { count: number; resolve: () => void }[] = [];

  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SINK_USER && auth.password === SINK_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (failures > 0) {
            failures -= 1;
            const error = new Error('Try again later') as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            user: typeof session.user === 'string' ? session.user : undefined,
            parsed,
          });
          const due = waiters.filter((w) => received.length >= w.count);
          waiters = waiters.filter((w) => received.length < w.count);
          for (const w of due) w.resolve();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://${encodeURIComponent(SINK_USER)}:${SINK_PASSWORD}@127.0.0.1:${port}`,
    received,
    failNext(count) {
      failures = count;
    },
    async waitFor(count) {
      if (received.length < count) await new Promise<void>((resolve) => waiters.push({ count, resolve }));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
