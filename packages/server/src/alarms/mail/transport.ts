import nodemailer from 'nodemailer';
import type { MailContent } from './message.ts';

// The SMTP side of mail notices: one nodemailer transport for the process, built from HEADWAY_SMTP_URL, with
// timeouts short enough that a dead server fails a digest (and its one retry) instead of holding it for minutes.

export interface MailTransport {
  /** Resolves once the server accepted the message; rejects with nodemailer's error (SMTP response inside). */
  send(to: string, content: MailContent): Promise<void>;
  close(): void;
  /** `smtp://host:port`, without credentials: for logs. */
  readonly describe: string;
  readonly from: string;
}

/** The From address: HEADWAY_MAIL_FROM, else the SMTP user when it is an address, else noreply@<smtp host>. */
export function senderOf(smtpUrl: string, from: string | undefined): string {
  if (from) return from;
  const url = new URL(smtpUrl);
  const user = decodeURIComponent(url.username);
  return `Headway <${user.includes('@') ? user : `noreply@${url.hostname}`}>`;
}

export function smtpTransport(smtpUrl: string, from: string | undefined): MailTransport {
  const url = new URL(smtpUrl);
  const sender = senderOf(smtpUrl, from);
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    describe: `${url.protocol}//${url.host}`,
    from: sender,
    async send(to, content) {
      await transporter.sendMail({ from: sender, to, ...content });
    },
    close() {
      transporter.close();
    },
  };
}
