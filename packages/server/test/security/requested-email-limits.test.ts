import { OutboxMessage, searchPage, successEnvelope, toSearchParams } from '@automate/contract';
import { SEED_IDS } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetRequestedJob, verificationRequestedJob } from '../../src/modules/auth/auth.jobs.ts';
import { REQUESTED_EMAILS_PER_HOUR } from '../../src/modules/mail/requested-email-limit.ts';
import { bearer, createUser, createVendorTeam, tokenFor } from '../support/factories.ts';
import { jobsFinished } from '../support/queued-jobs.ts';
import { claimOf, complete, consent, openAddonLink } from '../support/sm8-flows.ts';
import { startTestServices, type TestServices } from '../support/test-services.ts';

/**
 * Anyone can make the platform email an address they type in (sign up with it, ask for its links,
 * invite it, give it to a ServiceM8 staff member). Together these reach one address a few times an
 * hour at most.
 */
let services: TestServices;
let superAdminToken: string;

beforeAll(async () => {
  services = await startTestServices({ simulator: { oauth: { autoApprove: true } } });
  superAdminToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(() => services.cleanup());

const post = (url: string, payload: object, token?: string) =>
  services.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const answerOf = (response: { statusCode: number; body: string }) => `${response.statusCode} ${response.body}`;

/** The kinds of the emails queued for an address, however it was spelled. */
async function emailKindsTo(address: string): Promise<string[]> {
  await jobsFinished(services.deps, verificationRequestedJob);
  await jobsFinished(services.deps, passwordResetRequestedJob);
  const response = await services.app.inject({
    method: 'GET',
    url: '/api/Admin/outbox/search',
    headers: bearer(superAdminToken),
    query: toSearchParams({ PageSize: 200 }),
  });
  return successEnvelope(searchPage(OutboxMessage))
    .parse(response.json())
    .data.rows.filter((row) => row.to.toLowerCase() === address.toLowerCase())
    .map((row) => row.templateKey)
    .sort();
}

describe('emails anyone can have sent to an address', () => {
  it('reach it at most 3 times an hour across sign-up, asked-for links and invitations, answered the same beyond', async () => {
    const target = await createUser(services.deps, { email: 'bombed@example.com', verified: false });
    const team = await createVendorTeam(services.deps);
    const register = (email: string) =>
      post('/api/Auth/register', {
        email,
        password: 'a-strangers-pass-1',
        firstName: 'Stranger',
        lastName: 'Danger',
        vendorName: 'Flood Ltd',
      });
    const resend = (email: string) => post('/api/Auth/verify/resend', { email });
    const reset = (email: string) => post('/api/Auth/password/reset/request', { email });
    const invite = (email: string) =>
      post(`/api/Vendor/${team.vendor.id}/users`, { email, role: 'User' }, team.adminToken);

    const first = {
      register: answerOf(await register(target.email)),
      resend: answerOf(await resend(target.email)),
      reset: answerOf(await reset(target.email)),
    };
    await jobsFinished(services.deps, verificationRequestedJob);
    await jobsFinished(services.deps, passwordResetRequestedJob);
    const invited = await invite(target.email);
    expect(invited.statusCode).toBe(201);
    expect(invited.json().message).toBe(`We emailed ${target.email} an invitation.`);
    // Spelled otherwise, from the same or other forms: answered as before, and nothing more is sent.
    expect(answerOf(await register('BOMBED@example.com'))).toBe(
      first.register.replaceAll(target.email, 'BOMBED@example.com'),
    );
    expect(answerOf(await resend('Bombed@Example.com'))).toBe(first.resend);
    expect(answerOf(await reset(target.email))).toBe(first.reset);
    const invitedAgain = await invite('bombed@EXAMPLE.com');
    expect(invitedAgain.statusCode).toBe(201);

    expect(await emailKindsTo(target.email)).toEqual(['account-exists', 'password-reset', 'verify-email']);
    expect((await emailKindsTo(target.email)).length).toBe(REQUESTED_EMAILS_PER_HOUR);
  });

  it('count the ServiceM8 link email with the others', async () => {
    const owner = await createUser(services.deps, { email: 'sm8-owner@example.com' });
    await post('/api/Auth/password/reset/request', { email: owner.email });
    await post('/api/Auth/password/reset/request', { email: owner.email });
    await jobsFinished(services.deps, passwordResetRequestedJob);

    const team = await createVendorTeam(services.deps, 'Limit Plumbing');
    const connection = await consent(services);
    await complete(services, { connection, vendorId: team.vendor.id }, team.adminToken);
    const claim = claimOf(await openAddonLink(services, SEED_IDS.staff.owner));
    const answers = new Set<string>();
    for (let i = 0; i < 3; i++) {
      answers.add(answerOf(await post('/api/Auth/servicem8/link/email', { claim, email: owner.email })));
    }
    expect([...answers]).toHaveLength(1);
    expect([...answers][0]).toMatch(/^200 /);

    expect(await emailKindsTo(owner.email)).toEqual(['password-reset', 'password-reset', 'servicem8-link']);
  });

  it('from a super admin on the user’s page still go out', async () => {
    const user = await createUser(services.deps, { email: 'helped@example.com' });
    for (let i = 0; i < REQUESTED_EMAILS_PER_HOUR; i++) {
      await post('/api/Auth/password/reset/request', { email: user.email });
    }
    await jobsFinished(services.deps, passwordResetRequestedJob);
    const sent = await post(`/api/Admin/users/${user.id}/password-reset`, {}, superAdminToken);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await emailKindsTo(user.email)).toEqual(Array(REQUESTED_EMAILS_PER_HOUR + 1).fill('password-reset'));
  });
});
