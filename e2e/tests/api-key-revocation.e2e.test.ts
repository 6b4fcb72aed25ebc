import { createTestDatabase, freePort, type TestDatabase } from '@automate/server/testing';
import { buildSimulator, SEED_IDS, type Simulator } from '@automate/servicem8-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RoleProcess, startRoleProcess } from '../support/role-process.ts';
import { confirmLinkInLog, connectThroughConsent } from '../support/servicem8-consent.ts';

/**
 * An API key revoked through one server process is refused by every other at once: two `--role=api`
 * processes (A and B) and a worker on one PostgreSQL database. The key works on B, is revoked through
 * A, and B's very next request with it answers 401. No process keeps keys in memory: each request
 * reads the key's row, so there is nothing to invalidate. PostgreSQL only (the embedded database is
 * one process's); the e2e project includes this file only when TEST_DATABASE_URL is set.
 */

let sim: Simulator;
let database: TestDatabase;
let processA: RoleProcess;
let processB: RoleProcess;
let worker: RoleProcess;
let vendorId: string;
let ownerToken: string;

beforeAll(async () => {
  sim = buildSimulator({ seed: 'demo', oauth: { autoApprove: true }, throttle: { perMinute: 100_000 } });
  const simUrl = await sim.listen();
  const { appId, appSecret } = sim.info();
  database = await createTestDatabase();
  if (database.target.kind !== 'postgres') throw new Error('two API processes need TEST_DATABASE_URL (PostgreSQL)');
  const [portA, portB] = [await freePort(), await freePort()];
  const env = {
    DATABASE_URL: database.target.url,
    APP_SECRET_KEY: 'revocation-test-secret-key-0123456789abcdef',
    DEMO_MODE: 'false',
    SM8_APP_ID: appId,
    SM8_APP_SECRET: appSecret,
    SM8_API_URL: simUrl,
    SM8_OAUTH_URL: simUrl,
    QUEUE_POLL_SECONDS: '0.5',
  };
  [processA, processB, worker] = await Promise.all([
    startRoleProcess('api', { ...env, PORT: String(portA) }),
    startRoleProcess('api', { ...env, PORT: String(portB) }),
    startRoleProcess('worker', { ...env, PUBLIC_URL: `http://127.0.0.1:${portA}` }),
  ]);
  ({ token: ownerToken, vendorId } = await connectThroughConsent(
    processA.baseUrl ?? '',
    SEED_IDS.vendor,
    confirmLinkInLog(() => worker.output()),
  ));
});
afterAll(async () => {
  await worker?.stop();
  await processB?.stop();
  await processA?.stop();
  await database?.drop();
  await sim?.close();
});

const call = (process: RoleProcess, path: string, token: string, init: RequestInit = {}) =>
  fetch(`${process.baseUrl}/api/vendor/${vendorId}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });

describe('an API key revoked through one process', () => {
  it('is refused by the other process on its very next request', async () => {
    const made = await call(processA, '/ApiKeys', ownerToken, {
      method: 'POST',
      body: JSON.stringify({ name: 'Nightly report', scope: 'read' }),
    });
    expect(made.status).toBe(200);
    const { id, key } = ((await made.json()) as { data: { id: string; key: string } }).data;

    // B has accepted the key, more than once.
    for (let i = 0; i < 3; i++) expect((await call(processB, '/Trigger/search', key)).status).toBe(200);

    const revoked = await call(processA, `/ApiKeys/${id}`, ownerToken, { method: 'DELETE' });
    expect(revoked.status).toBe(200);

    const next = await call(processB, '/Trigger/search', key);
    expect(next.status).toBe(401);
    expect(((await next.json()) as { message: string }).message).toEqual(expect.any(String));
    expect((await call(processA, '/Trigger/search', key)).status).toBe(401);
    // The owner's own session still works on B.
    expect((await call(processB, '/Trigger/search', ownerToken)).status).toBe(200);
  }, 120_000);
});
