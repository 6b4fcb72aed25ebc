import type { OutboxMessage } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { waitForEmail } from './support/outbox.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/** Names people choose go into system emails; Markdown in them must read as text, not become a link or an image. */

let services: TestServices;
let superAdminToken: string;

beforeAll(async () => {
  services = await startTestServices();
  superAdminToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(() => services.cleanup());

const EVIL = 'Evil [click](https://evil.example) ![](https://t.example/p.gif)';

function expectNamesAsText(message: OutboxMessage) {
  expect(message.html).not.toMatch(/<a [^>]*href="https:\/\/evil\.example/);
  expect(message.html).not.toMatch(/<img [^>]*src="https:\/\/t\.example/);
  expect(message.html).toContain(EVIL);
  expect(message.text).toContain(EVIL);
}

describe('names carrying Markdown in system emails', () => {
  it('reads as text in an invitation from such a vendor to such an invitee, whose own link still works', async () => {
    const team = await createVendorTeam(services.deps, EVIL);
    const invited = await services.app.inject({
      method: 'POST',
      url: `/api/Vendor/${team.vendor.id}/users`,
      headers: bearer(team.adminToken),
      payload: { email: 'markdown-invitee@example.com', role: 'User', firstName: EVIL },
    });
    expect(invited.statusCode, invited.body).toBe(201);

    const message = await waitForEmail(services, superAdminToken, {
      to: 'markdown-invitee@example.com',
      templateKey: 'vendor-invitation',
    });
    expectNamesAsText(message);
    expect(message.subject).toBe(`Ada invited you to ${EVIL} on Automate`);
    expect(message.html).toContain(`<p>Hi ${EVIL},</p>`);
    expect(message.html).toContain(`<strong>${EVIL}</strong>`);
    expect(message.html).toMatch(
      /<a href="https:\/\/automate\.test\/auth\/invitation\/[A-Za-z0-9_-]+">Accept the invitation<\/a>/,
    );
  });

  it('reads as text in the confirmation of such a sign-up, and in the email to the owner of a taken address', async () => {
    const email = 'markdown-owner@example.com';
    const register = () =>
      services.app.inject({
        method: 'POST',
        url: '/api/Auth/register',
        payload: { email, password: 'plumbing-2026', firstName: EVIL, lastName: EVIL, vendorName: EVIL },
      });
    expect((await register()).statusCode).toBe(201);
    const confirmation = await waitForEmail(services, superAdminToken, { to: email, templateKey: 'verify-email' });
    expectNamesAsText(confirmation);
    expect(confirmation.html).toMatch(
      /<a href="https:\/\/automate\.test\/auth\/verify\/[^"]+">Confirm my email address<\/a>/,
    );

    expect((await register()).statusCode).toBe(201);
    expectNamesAsText(await waitForEmail(services, superAdminToken, { to: email, templateKey: 'account-exists' }));
  });
});
