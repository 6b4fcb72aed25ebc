import { AdminFeedbackMessage, FeedbackMessage, searchPage, successEnvelope } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let superToken: string;

const Sent = successEnvelope(FeedbackMessage);
const Listed = successEnvelope(searchPage(AdminFeedbackMessage));
const send = (vendorId: string, token: string, payload: object) =>
  services.app.inject({ method: 'POST', url: `/api/vendor/${vendorId}/Feedback`, headers: bearer(token), payload });
const list = (token: string, query: Record<string, string> = {}) =>
  services.app.inject({ method: 'GET', url: '/api/Admin/feedback/search', headers: bearer(token), query });
const messageOf = (response: { json: () => unknown }) => (response.json() as { message: string }).message;

beforeAll(async () => {
  services = await startTestServices();
  superToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
});
afterAll(() => services.cleanup());

describe('feedback sent from inside the app', () => {
  it('is stored with its business and sender, and listed for super admins newest first with their names', async () => {
    const team = await createVendorTeam(services.deps, 'Feedback Plumbing');
    const first = await send(team.vendor.id, team.userToken, {
      message: '  The run list is hard to read on my phone.  ',
      rating: 3,
      page: '/app/automation/logs',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(Sent.parse(first.json()).data).toMatchObject({
      message: 'The run list is hard to read on my phone.',
      rating: 3,
      page: '/app/automation/logs',
    });
    services.clock.advance(60_000);
    const second = await send(team.vendor.id, team.adminToken, {
      message: 'Love the templates',
      page: '/app/dashboard',
    });
    expect(second.statusCode, second.body).toBe(201);

    const listed = await list(superToken, {
      Filters: JSON.stringify([{ action: 'Eq', field: 'vendorId', value: team.vendor.id }]),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const { rows, total } = Listed.parse(listed.json()).data;
    expect(total).toBe(2);
    expect(rows.map((row) => row.message)).toEqual(['Love the templates', 'The run list is hard to read on my phone.']);
    expect(rows[0]).toMatchObject({
      rating: null,
      page: '/app/dashboard',
      vendorId: team.vendor.id,
      vendorName: 'Feedback Plumbing',
      vendorTimeZone: team.vendor.timeZone,
      userId: team.admin.id,
      userName: 'Ada User',
      userEmail: team.admin.email,
    });
    expect(rows[1]).toMatchObject({ rating: 3, userId: team.user.id, userName: 'Uma User' });
  });

  it('refuses an empty or too long message, a rating outside 1 to 5 and a missing page, saying what is wrong', async () => {
    const team = await createVendorTeam(services.deps);
    const empty = await send(team.vendor.id, team.userToken, { message: '   ', page: '/app/dashboard' });
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toContain('Message: write what you would like to tell us.');

    const long = await send(team.vendor.id, team.userToken, { message: 'x'.repeat(2001), page: '/app/dashboard' });
    expect(long.statusCode).toBe(400);
    expect(messageOf(long)).toContain('Message: use at most 2000 characters.');

    const rating = await send(team.vendor.id, team.userToken, { message: 'Hi', rating: 6, page: '/app/dashboard' });
    expect(rating.statusCode).toBe(400);
    expect(messageOf(rating)).toContain('Rating: choose from 1 to 5 stars.');

    const page = await send(team.vendor.id, team.userToken, { message: 'Hi' });
    expect(page.statusCode).toBe(400);
    expect(messageOf(page)).toContain('Page: send the address of the page the feedback is about.');

    const listed = await list(superToken, {
      Filters: JSON.stringify([{ action: 'Eq', field: 'vendorId', value: team.vendor.id }]),
    });
    expect(Listed.parse(listed.json()).data.total).toBe(0);
  });

  it('cannot be sent for another business, and only super admins can list it', async () => {
    const team = await createVendorTeam(services.deps);
    const other = await createVendorTeam(services.deps);
    const foreign = await send(other.vendor.id, team.userToken, { message: 'Hello', page: '/app/dashboard' });
    expect(foreign.statusCode).toBe(404);

    expect((await list(team.userToken)).statusCode).toBe(403);
    expect((await list(team.adminToken)).statusCode).toBe(403);
    expect((await services.app.inject({ method: 'GET', url: '/api/Admin/feedback/search' })).statusCode).toBe(401);
  });
});
