import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

type OutgoingMail = { to: string; subject: string; text: string; html: string };

/** `Sent` went to the SMTP server; `Stored` stays in the outbox only (no SMTP server configured). */
export type MailTransport = {
  readonly kind: 'smtp' | 'outbox-only';
  send(mail: OutgoingMail): Promise<'Sent' | 'Stored'>;
};

/**
 * Without `smtpUrl` mail stays in the outbox; its links are logged too when `logLinks` is set
 * (development and demos, where the terminal is the quickest way to a confirmation link), never in production.
 */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
  logLinks: boolean;
}): MailTransport {
  if (!options.smtpUrl) {
    const log = options.logger.child({ component: 'mail' });
    return {
      kind: 'outbox-only',
      async send(mail) {
        const links = options.logLinks ? { links: mail.text.match(/https?:\/\/[^\s)]+/g) ?? [] } : {};
        log.info({ to: mail.to, subject: mail.subject, ...links }, 'email kept in the outbox (no SMTP_URL configured)');
        return 'Stored';
      },
    };
  }
  const transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from: options.from, ...mail });
      return 'Sent';
    },
  };
}
