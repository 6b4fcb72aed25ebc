import { ErrorBody, successEnvelope, UserSession } from '@automate/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetRequestedJob } from '../src/modules/auth/auth.jobs.ts';
import { findUserByEmail } from '../src/modules/users/users.repository.ts';
import { bearer, createUser, TEST_PASSWORD, tokenFor } from './support/factories.ts';
import { linkIn, waitForEmail } from './support/outbox.ts';
import { jobsFinished } from './support/queued-jobs.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let adminToken: string;

beforeAll(async () => {
  services = await startTestServices();
  adminToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(() => services.cleanup());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  services.app.inject({ method: 'POST', url, payload, headers });
const errorOf = (response: { json(): unknown }) => ErrorBody.parse(response.json());
const Session = successEnvelope(UserSession);

describe('register, confirm, sign in', () => {
  it('creates the account and its vendor, emails a link, and signs in once confirmed', async () => {
    const email = 'Olivia.Owner@Example.com';
    const registered = await post('/api/Auth/register', {
      email,
      password: 'plumbing-2026',
      firstName: 'Olivia',
      lastName: 'Owner',
      vendorName: 'Owner Plumbing',
      roles: ['SuperAdmin'],
      id: '00000000-0000-4000-8000-000000000001',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().message).toBe(`We sent a confirmation link to ${email}. Open it to finish signing up.`);

    const early = await post('/api/Auth/login', { email, password: 'plumbing-2026' });
    expect(early.statusCode).toBe(403);
    expect(errorOf(early).code).toBe('EMAIL_NOT_VERIFIED');
    expect(errorOf(early).message).toBe(
      `Please confirm your email address first: open the link we sent to ${email}. You can ask for a new link below.`,
    );

    const message = await waitForEmail(services, adminToken, { to: email, templateKey: 'verify-email' });
    expect(message.subject).toBe('Confirm your email address for Automate');
    expect(message.text).toContain('Hi Olivia,');
    const link = linkIn(message, 'verify');
    expect(message.text).toContain(`https://automate.test/auth/verify/${link.token}/${link.userId}`);

    const verified = await post('/api/Auth/verify', link);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().message).toBe('Your email address is confirmed. You can sign in now.');

    const login = await post('/api/Auth/login', { email: 'olivia.owner@example.com', password: 'plumbing-2026' });
    expect(login.statusCode, login.body).toBe(200);
    const session = Session.parse(login.json()).data;
    expect(session).toMatchObject({
      id: link.userId,
      email,
      userName: email,
      firstName: 'Olivia',
      lastName: 'Owner',
      lockedOut: false,
      roles: [],
      vendors: [{ name: 'Owner Plumbing', role: 'Admin', sm8Connected: false }],
    });
    expect(session.id).not.toBe('00000000-0000-4000-8000-000000000001');
    expect(decodeJwt(session.token).exp).toBe(Date.parse(session.tokenExpiry) / 1000);

    const info = await services.app.inject({ method: 'GET', url: '/api/User/info', headers: bearer(session.token) });
    expect(Session.parse(info.json()).data.vendors).toEqual(session.vendors);

    await waitForEmail(services, adminToken, { to: email, templateKey: 'welcome', status: 'Stored' });
    const again = await post('/api/Auth/verify', link);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe(
      'This link has already been used. If your email address is not confirmed yet, ask for a new link on the sign-in page.',
    );
  });

  it('answers a second sign-up with the same email, in any case, exactly like a new one, and emails the owner', async () => {
    const owner = await createUser(services.deps, { email: 'taken@example.com' });
    const signUp = (email: string) =>
      post('/api/Auth/register', {
        email,
        password: 'plumbing-2026',
        firstName: 'T',
        lastName: 'K',
        vendorName: 'Dup',
      });
    const taken = await signUp('TAKEN@example.com');
    const fresh = await signUp('TAKEN-not@example.com');
    expect(taken.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    expect(taken.json().message).toBe(
      'We sent a confirmation link to TAKEN@example.com. Open it to finish signing up.',
    );
    expect(Object.keys(taken.json().data)).toEqual(Object.keys(fresh.json().data));
    const notice = await waitForEmail(services, adminToken, { to: owner.email, templateKey: 'account-exists' });
    expect(notice.text).toContain('already has one');
    const login = await post('/api/Auth/login', { email: owner.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(Session.parse(login.json()).data.vendors).toEqual([]);
  });

  it('states the password policy when a password is too weak, and lists each bad field', async () => {
    const response = await post('/api/Auth/register', {
      email: 'not-an-email',
      password: 'short',
      firstName: '',
      lastName: 'K',
      vendorName: 'V',
    });
    expect(response.statusCode).toBe(400);
    const body = errorOf(response);
    expect(body.errors?.password).toEqual([
      'Password: use at least 10 characters, including at least one letter and one digit.',
    ]);
    expect(body.errors?.email).toEqual(['Email: enter an email address such as name@example.com.']);
    expect(body.errors?.firstName).toEqual(['First name: enter the first name.']);
  });
});

describe('sessions', () => {
  it('answers 401 to a missing, tampered, expired or revoked token on protected routes', async () => {
    const user = await createUser(services.deps);
    const token = await tokenFor(services.deps, user);
    const get = (headers: Record<string, string>) =>
      services.app.inject({ method: 'GET', url: '/api/User/info', headers });

    expect((await get(bearer(token))).statusCode).toBe(200);
    const missing = await get({});
    expect(missing.statusCode).toBe(401);
    expect(errorOf(missing).message).toBe('Sign in to continue.');

    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: 'someone-else' })).toString('base64url');
    for (const bad of [`${header}.${forged}.${signature}`, `${header}.${payload}.x${signature}`, 'not-a-jwt']) {
      const response = await get(bearer(bad));
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe('Your session has expired or is not valid. Sign in again.');
    }

    services.clock.advance(8 * 24 * 3_600_000);
    try {
      expect((await get(bearer(token))).statusCode).toBe(401);
    } finally {
      services.clock.advance(-8 * 24 * 3_600_000);
    }
  });
});

describe('every protected route', () => {
  it('answers 401 to a tampered and to an expired token', async () => {
    const user = await createUser(services.deps, { superAdmin: true });
    const token = await tokenFor(services.deps, user);
    const tampered = `${token.slice(0, -4)}AAAA`;
    const expired = await tokenFor(services.deps, user, new Date(Date.now() - 8 * 24 * 3_600_000));
    const document = (await services.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const protectedRoutes: Array<{ method: string; url: string }> = [];
    for (const [path, operations] of Object.entries(
      document.paths as Record<string, Record<string, { security?: unknown[] }>>,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.security?.length) {
          protectedRoutes.push({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, user.id) });
        }
      }
    }
    expect(protectedRoutes.length).toBeGreaterThan(15);
    for (const route of protectedRoutes) {
      for (const bad of [tampered, expired]) {
        const response = await services.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: bearer(bad),
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    }
  });
});

describe('lock-out', () => {
  it('locks the account for 15 minutes after 5 failures in 15 minutes, then lets the right password in', async () => {
    const user = await createUser(services.deps);
    const attempt = (password: string) => post('/api/Auth/login', { email: user.email, password });

    const wrongMessage = 'That email and password do not match an account. Check both and try again.';
    const unknown = await post('/api/Auth/login', { email: 'nobody@example.com', password: 'wrong-password-1' });
    expect(errorOf(unknown).message).toBe(wrongMessage);
    for (let i = 1; i <= 4; i++) {
      const response = await attempt('wrong-password-1');
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe(wrongMessage);
    }
    const fifth = await attempt('wrong-password-1');
    expect(fifth.statusCode).toBe(423);
    expect(errorOf(fifth)).toMatchObject({ code: 'ACCOUNT_LOCKED', lockedOut: true });
    expect(errorOf(fifth).message).toBe(
      'Too many failed sign-ins: this account is locked for 15 more minutes. Try again then, or reset your password.',
    );
    const rightButLocked = await attempt(TEST_PASSWORD);
    expect(rightButLocked.statusCode).toBe(423);

    services.clock.advance(15 * 60_000 + 1000);
    try {
      const after = await attempt(TEST_PASSWORD);
      expect(after.statusCode, after.body).toBe(200);
      expect(Session.parse(after.json()).data.lockedOut).toBe(false);
    } finally {
      services.clock.advance(-(15 * 60_000 + 1000));
    }
  });

  it('forgets failures older than the 15-minute window', async () => {
    const user = await createUser(services.deps);
    for (let i = 0; i < 4; i++) await post('/api/Auth/login', { email: user.email, password: 'nope-nope-1' });
    services.clock.advance(16 * 60_000);
    try {
      expect((await post('/api/Auth/login', { email: user.email, password: 'nope-nope-1' })).statusCode).toBe(401);
      expect((await post('/api/Auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    } finally {
      services.clock.advance(-16 * 60_000);
    }
  });
});

describe('password reset', () => {
  it('answers the same whether or not the email exists, and emails only a real account', async () => {
    const user = await createUser(services.deps);
    const known = await post('/api/Auth/password/reset/request', { email: user.email });
    const unknown = await post('/api/Auth/password/reset/request', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await waitForEmail(services, adminToken, { to: user.email, templateKey: 'password-reset' });
    // Both requests were handled: whatever the unknown address would get is in the outbox by now.
    await jobsFinished(services.deps, passwordResetRequestedJob);
    await expect(
      waitForEmail(services, adminToken, { to: 'ghost@example.com', templateKey: 'password-reset' }, 0),
    ).rejects.toThrow('timed out waiting for a password-reset email to ghost@example.com');
  });

  it('sets a new password once, ends old sessions, and rejects a reused or expired link', async () => {
    const user = await createUser(services.deps);
    const oldToken = await tokenFor(services.deps, user);
    await post('/api/Auth/password/reset/request', { email: user.email });
    const first = await waitForEmail(services, adminToken, { to: user.email, templateKey: 'password-reset' });
    const link = linkIn(first, 'reset');

    const weak = await post('/api/Auth/password/reset', { ...link, password: 'abc' });
    expect(errorOf(weak).message).toBe(
      'New password: use at least 10 characters, including at least one letter and one digit.',
    );

    services.clock.advance(1000);
    const reset = await post('/api/Auth/password/reset', { ...link, password: 'brand-new-pass-7' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await post('/api/Auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('/api/Auth/login', { email: user.email, password: 'brand-new-pass-7' })).statusCode).toBe(200);
    const old = await services.app.inject({ method: 'GET', url: '/api/User/info', headers: bearer(oldToken) });
    expect(old.statusCode).toBe(401);

    const reused = await post('/api/Auth/password/reset', { ...link, password: 'another-pass-8' });
    expect(errorOf(reused).message).toBe(
      'This link has already been used. Ask for a new link with "Forgot password" on the sign-in page.',
    );

    await post('/api/Auth/password/reset/request', { email: user.email });
    const second = linkIn(
      await waitForEmail(services, adminToken, { to: user.email, templateKey: 'password-reset', newerThan: first }),
      'reset',
    );
    services.clock.advance(3 * 3_600_000);
    try {
      const expired = await post('/api/Auth/password/reset', { ...second, password: 'another-pass-8' });
      expect(errorOf(expired).message).toBe(
        'This link has expired. Ask for a new link with "Forgot password" on the sign-in page.',
      );
    } finally {
      services.clock.advance(-3 * 3_600_000);
    }
  });
});

describe('password reset link check', () => {
  it('says a link works without using it, and says why a bad, used or expired link does not', async () => {
    const user = await createUser(services.deps);
    await post('/api/Auth/password/reset/request', { email: user.email });
    const link = linkIn(
      await waitForEmail(services, adminToken, { to: user.email, templateKey: 'password-reset' }),
      'reset',
    );
    const ask = 'Ask for a new link with "Forgot password" on the sign-in page.';

    const good = await post('/api/Auth/password/reset/check', link);
    expect(good.statusCode, good.body).toBe(200);
    // Checking used nothing: the link still sets a password once checked twice.
    expect((await post('/api/Auth/password/reset/check', link)).statusCode).toBe(200);

    const wrong = await post('/api/Auth/password/reset/check', { ...link, token: 'not-a-real-token' });
    expect([wrong.statusCode, errorOf(wrong).message]).toEqual([400, `This link is not valid. ${ask}`]);
    const otherUser = await post('/api/Auth/password/reset/check', {
      ...link,
      userId: (await createUser(services.deps)).id,
    });
    expect([otherUser.statusCode, errorOf(otherUser).message]).toEqual([400, `This link is not valid. ${ask}`]);

    services.clock.advance(3 * 3_600_000);
    try {
      const expired = await post('/api/Auth/password/reset/check', link);
      expect([expired.statusCode, errorOf(expired).message]).toEqual([400, `This link has expired. ${ask}`]);
    } finally {
      services.clock.advance(-3 * 3_600_000);
    }

    expect((await post('/api/Auth/password/reset', { ...link, password: 'brand-new-pass-7' })).statusCode).toBe(200);
    const used = await post('/api/Auth/password/reset/check', link);
    expect([used.statusCode, errorOf(used).message]).toEqual([400, `This link has already been used. ${ask}`]);
  });
});

describe('stored passwords', () => {
  it('are argon2id with 19 MiB, 2 passes and 1 lane', async () => {
    await post('/api/Auth/register', {
      email: 'hash@example.com',
      password: 'plumbing-2026',
      firstName: 'H',
      lastName: 'A',
      vendorName: 'Hash Co',
    });
    const user = await findUserByEmail(services.deps.database.db, 'hash@example.com');
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('rate limit', () => {
  it('slows down repeated sign-in attempts from one address', async () => {
    const limited = await startTestServices({ authRateLimitPerMinute: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/Auth/login',
          payload: { email: 'a@example.com', password: 'x' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(errorOf(response)).toMatchObject({ code: 'RATE_LIMITED' });
          // The window started with the first attempt: a slow machine may have used a second of it.
          expect(errorOf(response).message).toMatch(
            /^Too many attempts from your network\. Wait (1 minute|[1-5]\d seconds) and try again\.$/,
          );
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.cleanup();
    }
  });
});
