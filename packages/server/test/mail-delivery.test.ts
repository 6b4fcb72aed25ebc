import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_REMOVED } from '../src/modules/mail/remove-links.ts';
import { createUser, TEST_PASSWORD, tokenFor } from './support/factories.ts';
import { captureLogs } from './support/log-capture.ts';
import { waitForEmail } from './support/outbox.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

type Received = { to: string[]; raw: string };
const received: Received[] = [];
let refuse: string | null = null;

/** A real SMTP server on this machine, so delivery goes through nodemailer and the SMTP protocol. */
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onRcptTo(address, _session, callback) {
    if (refuse && address.address === refuse) {
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 });
      callback(error);
      return;
    }
    callback();
  },
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
      callback();
    });
  },
});

let services: TestServices;
let adminToken: string;
const logs = captureLogs();

/** The text of a received message, its quoted-printable line breaks and escapes undone. */
function decodedRaw(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  services = await startTestServices({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Automate <hello@automate.test>' },
    log: { stream: logs.stream, level: 'debug' },
  });
  adminToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(async () => {
  await services.cleanup();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('sending email through SMTP_URL', () => {
  it('delivers a system email and marks it Sent', async () => {
    const user = await createUser(services.deps, { email: 'smtp-reader@example.com' });
    await services.app.inject({
      method: 'POST',
      url: '/api/Auth/password/reset/request',
      payload: { email: user.email },
    });
    const message = await waitForEmail(services, adminToken, {
      to: user.email,
      templateKey: 'password-reset',
      status: 'Sent',
    });
    expect(message.attempts).toBe(1);
    const delivered = received.find((mail) => mail.to.includes('smtp-reader@example.com'));
    expect(delivered?.raw).toContain('Subject: Reset your Automate password');
    expect(delivered?.raw).toContain('From: Automate <hello@automate.test>');
    expect(delivered?.raw).toContain('Content-Type: text/html');
  });

  it('keeps no working link in the outbox once sent, while the link in the mailbox works', async () => {
    const user = await createUser(services.deps, { email: 'link-keeper@example.com' });
    await services.app.inject({
      method: 'POST',
      url: '/api/Auth/password/reset/request',
      payload: { email: user.email },
    });
    const stored = await waitForEmail(services, adminToken, {
      to: user.email,
      templateKey: 'password-reset',
      status: 'Sent',
    });
    expect(stored.subject).toBe('Reset your Automate password');
    for (const body of [stored.text, stored.html]) {
      expect(body).toContain(LINK_REMOVED);
      expect(body).not.toContain('/auth/reset/');
    }

    const delivered = received.find((mail) => mail.to.includes('link-keeper@example.com'));
    const link = decodedRaw(delivered?.raw ?? '').match(/\/auth\/reset\/([A-Za-z0-9_-]+)\/([0-9a-f-]{36})/);
    expect(link?.[2]).toBe(user.id);
    const reset = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/password/reset',
      payload: { token: link?.[1], userId: user.id, password: `${TEST_PASSWORD}-new1` },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(logs.text()).not.toContain(link?.[1]);
    expect(logs.text()).not.toContain('/auth/reset/');
  });

  it('keeps a message the server refuses queued for another attempt, with the reason', async () => {
    refuse = 'bounce@example.com';
    const user = await createUser(services.deps, { email: 'bounce@example.com' });
    await services.app.inject({
      method: 'POST',
      url: '/api/Auth/password/reset/request',
      payload: { email: user.email },
    });
    const deadline = Date.now() + 15_000;
    let message = await waitForEmail(services, adminToken, { to: user.email, templateKey: 'password-reset' });
    while (message.attempts === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      message = await waitForEmail(services, adminToken, { to: user.email, templateKey: 'password-reset' });
    }
    expect(message).toMatchObject({ status: 'Queued', attempts: 1 });
    expect(message.lastError).toMatch(/Mailbox unavailable/);
    expect(received.some((mail) => mail.to.includes('bounce@example.com'))).toBe(false);
  });
});
