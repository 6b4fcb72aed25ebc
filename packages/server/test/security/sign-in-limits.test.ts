import { ErrorBody } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetRequestedJob } from '../../src/modules/auth/auth.jobs.ts';
import { insertIdentity, listIdentitiesOfUser } from '../../src/modules/users/sm8-identities.repository.ts';
import { createUser, TEST_PASSWORD, tokenFor } from '../support/factories.ts';
import { linkIn, waitForEmail } from '../support/outbox.ts';
import { jobsFinished } from '../support/queued-jobs.ts';
import { startTestServices, type TestServices } from '../support/test-services.ts';

let services: TestServices;
beforeAll(async () => {
  services = await startTestServices();
});
afterAll(() => services.cleanup());

const loginOn = (on: TestServices, email: string, password: string, forwardedFor?: string) =>
  on.app.inject({
    method: 'POST',
    url: '/api/Auth/login',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email, password },
  });
const login = (email: string, password: string, forwardedFor?: string) =>
  loginOn(services, email, password, forwardedFor);

describe('sign-in limits', () => {
  it('locks an unknown address exactly as it locks an account, so the answer tells nothing', async () => {
    const user = await createUser(services.deps);
    const fifthFor = async (email: string, from: string) => {
      let response = await login(email, 'wrong-password-1', from);
      // Attempts spelled differently count for the same address.
      for (let i = 2; i <= 5; i++)
        response = await login(i % 2 ? email.toUpperCase() : email, 'wrong-password-1', from);
      return response;
    };
    // Each series from its own client: the per-network limit is not what is tested here.
    const known = await fifthFor(user.email, '203.0.113.1');
    const unknown = await fifthFor('nobody-at-all@example.com', '203.0.113.2');
    expect(known.statusCode).toBe(423);
    expect(unknown.statusCode).toBe(423);
    expect(ErrorBody.parse(unknown.json())).toEqual(ErrorBody.parse(known.json()));
    expect((await login(user.email, TEST_PASSWORD, '203.0.113.3')).statusCode).toBe(423);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy, so a new header per request does not reset the limit', async () => {
    const statusesOn = async (env: Record<string, string>) => {
      const limited = await startTestServices({ authRateLimitPerMinute: '5', env });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) {
          statuses.push((await loginOn(limited, `rotating-${i}@example.com`, 'x', `198.51.100.${i}`)).statusCode);
        }
        return statuses;
      } finally {
        await limited.cleanup();
      }
    };
    expect(await statusesOn({})).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // app.inject's requests come from 127.0.0.1: as the named proxy, each forwarded address counts alone.
    expect(await statusesOn({ TRUST_PROXY: '127.0.0.1' })).toEqual(Array(7).fill(401));
  });

  it('sends an address at most 3 reset links an hour, however often and from wherever they are asked for', async () => {
    const user = await createUser(services.deps);
    const answers = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const response = await services.app.inject({
        method: 'POST',
        url: '/api/Auth/password/reset/request',
        payload: { email: i % 2 ? user.email.toUpperCase() : user.email },
      });
      answers.add(`${response.statusCode} ${response.body}`);
    }
    expect(answers.size).toBe(1);
    const superAdmin = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
    const outbox = async () =>
      (
        await services.app.inject({
          method: 'GET',
          url: '/api/Admin/outbox/search',
          headers: { authorization: `Bearer ${superAdmin}` },
          query: { Filters: JSON.stringify([{ action: 'Eq', field: 'templateKey', value: 'password-reset' }]) },
        })
      )
        .json()
        .data.rows.filter((row: { to: string }) => row.to.toLowerCase() === user.email.toLowerCase()).length;
    // Each request is a job that sends the link or not: once all five are done, no other link can come.
    await jobsFinished(services.deps, passwordResetRequestedJob);
    expect(await outbox()).toBe(3);
  });

  it('unlinks every ServiceM8 login of the account when its password is reset: someone else may have been in it', async () => {
    const user = await createUser(services.deps);
    await insertIdentity(services.deps.database.db, {
      accountUuid: 'acct-1',
      staffUuid: 'staff-1',
      userId: user.id,
      accountName: 'Someone Else Ltd',
      staffName: user.firstName,
    });
    await services.app.inject({
      method: 'POST',
      url: '/api/Auth/password/reset/request',
      headers: { 'x-forwarded-for': '192.0.2.10' },
      payload: { email: user.email },
    });
    const superAdmin = await createUser(services.deps, { superAdmin: true });
    const mail = await waitForEmail(services, await tokenFor(services.deps, superAdmin), {
      to: user.email,
      templateKey: 'password-reset',
    });
    const reset = await services.app.inject({
      method: 'POST',
      url: '/api/Auth/password/reset',
      payload: { ...linkIn(mail, 'reset'), password: 'a-new-password-9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await listIdentitiesOfUser(services.deps.database.db, user.id)).toEqual([]);
  });
});
