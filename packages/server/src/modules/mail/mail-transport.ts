import type { Transporter } from 'nodemailer';
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
  const { smtpUrl } = options;
  // Loaded with the first email rather than at start: most processes never send one soon, and nodemailer
  // is a tenth of a second of every start's CPU.
  let transporter: Promise<Transporter> | undefined;
  return {
    kind: 'smtp',
    async send(mail) {
      transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transporter).sendMail({ from: options.from, ...mail });
      return 'Sent';
    },
  };
}
