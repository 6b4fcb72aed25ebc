import { API_KEY_REQUESTS_PER_MINUTE, type CreatedApiKey, ErrorBody } from '@automate/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createVendorTeam } from './support/factories.ts';
import { captureLogs } from './support/log-capture.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

/**
 * API keys: made by an Admin and shown once (only a hash is kept), accepted on the automation routes
 * only, read-only keys refused on changes, revoked keys refused at once, limited per key, never in the
 * logs, and changes made with a key in the activity history under its name.
 */

const logs = captureLogs();
let s: TestServices;
let team: Awaited<ReturnType<typeof createVendorTeam>>;
let other: Awaited<ReturnType<typeof createVendorTeam>>;

beforeAll(async () => {
  s = await startTestServices({ log: { stream: logs.stream, level: 'info' } });
  team = await createVendorTeam(s.deps, 'Key Plumbing');
  other = await createVendorTeam(s.deps, 'Other Plumbing');
}, 60_000);
afterAll(() => s.cleanup());

const keysPath = (vendorId = team.vendor.id) => `/api/vendor/${vendorId}/ApiKeys`;
const triggerPath = (vendorId = team.vendor.id) => `/api/vendor/${vendorId}/Trigger`;
const errorOf = (response: { json(): unknown }) => ErrorBody.parse(response.json());

async function makeKey(name: string, scope: 'read' | 'read-write'): Promise<CreatedApiKey> {
  const made = await s.app.inject({
    method: 'POST',
    url: keysPath(),
    headers: bearer(team.adminToken),
    payload: { name, scope },
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().data;
}

const definition = (name: string) => ({
  name,
  enabled: false,
  event: 'JobCompleted',
  targetKind: 'Job',
  actions: [{ id: 'note', type: 'Job_AddNote', params: { text: 'Done' } }],
});

describe('API keys', () => {
  it('are made by Admins, shown once, kept as a hash, and listed with their last use', async () => {
    const key = await makeKey('Reporting script', 'read');
    expect(key.key).toMatch(/^atm_live_[A-Za-z0-9_-]{43}$/);
    expect(key.start).toBe(`${key.key.slice(0, 13)}…`);
    const stored = await s.deps.database.db.execute(
      sql`select count(*)::int as n from api_keys where key_hash = encode(sha256(convert_to(${key.key}, 'UTF8')), 'hex')`,
    );
    expect((stored as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
    const leaked = await s.deps.database.db.execute(
      sql`select count(*)::int as n from api_keys a where a::text like ${`%${key.key}%`}`,
    );
    expect((leaked as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);

    const before = await s.app.inject({ method: 'GET', url: keysPath(), headers: bearer(team.adminToken) });
    expect(before.json().data).toEqual([expect.objectContaining({ id: key.id, lastUsedAt: null })]);
    expect(before.json().data[0]).not.toHaveProperty('key');

    const used = await s.app.inject({ method: 'GET', url: `${triggerPath()}/search`, headers: bearer(key.key) });
    expect(used.statusCode).toBe(200);
    const after = await s.app.inject({ method: 'GET', url: keysPath(), headers: bearer(team.adminToken) });
    expect(after.json().data[0].lastUsedAt).toEqual(expect.any(String));

    const asUser = await s.app.inject({
      method: 'POST',
      url: keysPath(),
      headers: bearer(team.userToken),
      payload: { name: 'Mine', scope: 'read' },
    });
    expect(asUser.statusCode).toBe(403);
    const noName = await s.app.inject({
      method: 'POST',
      url: keysPath(),
      headers: bearer(team.adminToken),
      payload: { name: ' ', scope: 'read' },
    });
    expect(noName.statusCode).toBe(400);
    expect(errorOf(noName).message).toContain('Name: name the key');
  });

  it('enforce the scope: a read-only key reads but cannot change anything (403)', async () => {
    const key = await makeKey('Read only', 'read');
    const list = await s.app.inject({ method: 'GET', url: `${triggerPath()}/runs`, headers: bearer(key.key) });
    expect(list.statusCode).toBe(200);
    const write = await s.app.inject({
      method: 'POST',
      url: triggerPath(),
      headers: bearer(key.key),
      payload: definition('Made with a read key'),
    });
    expect(write.statusCode).toBe(403);
    expect(errorOf(write).message).toBe(
      'The API key “Read only” is read-only: use a read-and-write key to make changes.',
    );
  });

  it('make changes as the key, named in the activity history', async () => {
    const key = await makeKey('Deploy bot', 'read-write');
    const made = await s.app.inject({
      method: 'POST',
      url: triggerPath(),
      headers: bearer(key.key),
      payload: definition('Made by a script'),
    });
    expect(made.statusCode, made.body).toBe(201);
    const activity = await s.app.inject({
      method: 'GET',
      url: `/api/vendor/${team.vendor.id}/Activity/search?PageSize=50`,
      headers: bearer(team.adminToken),
    });
    const entry = activity.json().data.rows.find((row: { action: string }) => row.action === 'trigger.create');
    expect(entry?.actorName).toBe('API key “Deploy bot”');
  });

  it('are refused on account, billing, team, admin and key routes, and another business is not found', async () => {
    const key = await makeKey('Everything', 'read-write');
    const id = team.vendor.id;
    for (const url of [
      `/api/Vendor/${id}`,
      `/api/Vendor/${id}/users`,
      `/api/vendor/${id}/Subscriptions`,
      `/api/vendor/${id}/ApiKeys`,
      `/api/vendor/${id}/WebAddress`,
      '/api/Admin/vendors/search',
      '/api/User/info',
    ]) {
      const answer = await s.app.inject({ method: 'GET', url, headers: bearer(key.key) });
      expect([401, 403, 404], `${url}: ${answer.statusCode}`).toContain(answer.statusCode);
      expect(answer.statusCode, url).not.toBe(200);
    }
    const account = await s.app.inject({ method: 'GET', url: `/api/Vendor/${id}`, headers: bearer(key.key) });
    expect(errorOf(account).message).toContain('API keys work on the automation routes');
    const elsewhere = await s.app.inject({
      method: 'GET',
      url: `${triggerPath(other.vendor.id)}/search`,
      headers: bearer(key.key),
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('stop working at once when revoked', async () => {
    const key = await makeKey('Old laptop', 'read');
    expect(
      (await s.app.inject({ method: 'GET', url: `${triggerPath()}/search`, headers: bearer(key.key) })).statusCode,
    ).toBe(200);
    const revoked = await s.app.inject({
      method: 'DELETE',
      url: `${keysPath()}/${key.id}`,
      headers: bearer(team.adminToken),
    });
    expect(revoked.statusCode).toBe(200);
    const refused = await s.app.inject({ method: 'GET', url: `${triggerPath()}/search`, headers: bearer(key.key) });
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).message).toBe('This API key is not valid, or it was revoked.');
    const listed = await s.app.inject({ method: 'GET', url: keysPath(), headers: bearer(team.adminToken) });
    expect(listed.json().data.map((row: { id: string }) => row.id)).not.toContain(key.id);
    const otherVendor = await s.app.inject({
      method: 'DELETE',
      url: `${keysPath(other.vendor.id)}/${key.id}`,
      headers: bearer(other.adminToken),
    });
    expect(otherVendor.statusCode).toBe(404);
  });

  it('are limited per key', async () => {
    const busy = await makeKey('Busy', 'read');
    const calm = await makeKey('Calm', 'read');
    // The requests count per clock minute: start at one's beginning, so that they all fall in it.
    s.clock.advance(60_000 - (s.clock.now().getTime() % 60_000));
    const statuses: number[] = [];
    for (let i = 0; i <= API_KEY_REQUESTS_PER_MINUTE; i++) {
      statuses.push(
        (await s.app.inject({ method: 'GET', url: `${triggerPath()}/search`, headers: bearer(busy.key) })).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(API_KEY_REQUESTS_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
    expect(
      (await s.app.inject({ method: 'GET', url: `${triggerPath()}/search`, headers: bearer(calm.key) })).statusCode,
    ).toBe(200);
  });

  it('never appear in the logs', async () => {
    const key = await makeKey('Logged?', 'read');
    await s.app.inject({ method: 'GET', url: `${triggerPath()}/search`, headers: bearer(key.key) });
    await s.app.inject({ method: 'GET', url: `/api/Vendor/${team.vendor.id}`, headers: bearer(key.key) });
    expect(logs.text()).not.toContain(key.key.slice(9));
  });
});
