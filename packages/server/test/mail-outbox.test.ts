import { afterAll, describe, expect, it } from 'vitest';
import { createUser, tokenFor } from './support/factories.ts';
import { captureLogs } from './support/log-capture.ts';
import { linkIn, waitForEmail } from './support/outbox.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/** Without SMTP_URL the outbox is the only delivery: what stays there, and what reaches the log. */

const started: TestServices[] = [];
afterAll(() => Promise.all(started.map((services) => services.cleanup())));

async function startWithoutSmtp(env: Record<string, string>) {
  const logs = captureLogs();
  const services = await startTestServices({ env, log: { stream: logs.stream, level: 'info' } });
  started.push(services);
  const adminToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
  return { services, logs, adminToken };
}

async function requestReset(services: TestServices, adminToken: string, email: string) {
  const user = await createUser(services.deps, { email });
  await services.app.inject({ method: 'POST', url: '/api/Auth/password/reset/request', payload: { email } });
  const message = await waitForEmail(services, adminToken, {
    to: email,
    templateKey: 'password-reset',
    status: 'Stored',
  });
  return { user, message, link: linkIn(message, 'reset') };
}

const keptLine = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; links?: string[] })
    .find((line) => line.msg.startsWith('email kept in the outbox'));

describe('email kept in the outbox', () => {
  it('keeps the link in the outbox and logs it outside production, but never the token of an opened link', async () => {
    const { services, logs, adminToken } = await startWithoutSmtp({ NODE_ENV: 'development' });
    const { user, link } = await requestReset(services, adminToken, 'outbox-dev@example.com');
    expect(link.userId).toBe(user.id);
    expect(keptLine(logs.text())?.links).toEqual([`https://automate.test/auth/reset/${link.token}/${user.id}`]);

    const linesBefore = logs.lines().length;
    await services.app.inject({ method: 'GET', url: `/auth/reset/${link.token}/${user.id}` });
    const opened = logs.lines().slice(linesBefore).join('');
    expect(opened).toContain(`/auth/reset/[redacted]/${user.id}`);
    expect(opened).not.toContain(link.token);
  });

  it('keeps the link in the outbox but out of the log in production', async () => {
    const { services, logs, adminToken } = await startWithoutSmtp({
      NODE_ENV: 'production',
      APP_SECRET_KEY: 'a-production-secret-of-at-least-32-characters',
    });
    const { link } = await requestReset(services, adminToken, 'outbox-prod@example.com');
    expect(keptLine(logs.text())).toMatchObject({ msg: 'email kept in the outbox (no SMTP_URL configured)' });
    expect(keptLine(logs.text())?.links).toBeUndefined();
    expect(logs.text()).not.toContain(link.token);
    expect(logs.text()).not.toContain('/auth/reset/');
  });
});
