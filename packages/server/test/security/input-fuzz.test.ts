import { ErrorBody } from '@automate/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../support/factories.ts';
import { startTestServices, type TestServices } from '../support/test-services.ts';
import { type ApiOperation, createTenant, readOperations, type Tenant } from './api-fixtures.ts';
import { arbitraryFor, deeplyNested } from './schema-arbitraries.ts';

/**
 * Every operation of the OpenAPI document, fed generated bodies and queries full of hostile text, wrong
 * types and deep nesting: the answer is never a 5xx, and every refusal carries the error body.
 * `FUZZ_RUNS=2000 npx vitest run packages/server/test/security/input-fuzz.test.ts` runs longer.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = 20261124;

let services: TestServices;
let operations: ApiOperation[];
let tenant: Tenant;
let superAdminToken: string;

beforeAll(async () => {
  services = await startTestServices({ simulator: { oauth: { autoApprove: true } } });
  tenant = await createTenant(services, 'Fuzz Plumbing');
  superAdminToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
  operations = await readOperations(services);
}, 120_000);
afterAll(() => services.cleanup());

function callerToken(op: ApiOperation): string | undefined {
  if (op.access === 'public') return undefined;
  if (op.access === 'superAdmin') return superAdminToken;
  return op.access === 'signedIn' ? tenant.userToken : tenant.adminToken;
}

function urlOf(op: ApiOperation, query: Record<string, string | undefined>): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, param: string) => encodeURIComponent(tenant.ids[param] ?? 'x'));
  const present = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const search = new URLSearchParams(present).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Node's HTTP server answers 431 to a request line and headers over 16 KB, so no longer query reaches the
 * app; `inject` would hand one over, and encoding and parsing megabyte queries cost this file seconds.
 */
const LONGEST_QUERY_VALUE = 8 * 1024;

function queryArbitrary(op: ApiOperation): fc.Arbitrary<Record<string, string | undefined>> {
  const shape = Object.fromEntries(
    op.query.map(({ name, schema }) => [
      name,
      arbitraryFor(schema).map((value) =>
        (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).slice(0, LONGEST_QUERY_VALUE),
      ),
    ]),
  );
  return fc.record(shape, { requiredKeys: [] });
}

/** The input as a failure message shows it: long strings (a megabyte of them is common here) cut short first. */
function shortened(input: unknown): string | undefined {
  const cut = (_key: string, value: unknown) =>
    typeof value === 'string' && value.length > 300 ? `${value.slice(0, 300)}…` : value;
  return JSON.stringify(input, cut)?.slice(0, 300);
}

async function expectHandled(op: ApiOperation, response: { statusCode: number; body: string }, input: unknown) {
  const where = `${op.method} ${op.path} with ${shortened(input)}`;
  expect(response.statusCode, `${where} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(ErrorBody.safeParse(JSON.parse(response.body)).success, `${where}: not the error body`).toBe(true);
  }
}

describe('fuzzing every operation from its schema', () => {
  it('never answers 5xx, and refuses bad input with the error body', async () => {
    const fuzzed: string[] = [];
    for (const op of operations) {
      // Sending an email-link or a sign-in would only multiply outbox rows; their inputs are fuzzed like any other.
      const token = callerToken(op);
      const input = fc.record({
        query: queryArbitrary(op),
        body: op.body && !op.multipart ? arbitraryFor(op.body) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ query, body }) => {
          const response = await services.app.inject({
            method: op.method as 'POST',
            url: urlOf(op, query),
            headers: token ? bearer(token) : {},
            ...(body === undefined
              ? {}
              : {
                  payload: JSON.stringify(body),
                  headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
                }),
          });
          await expectHandled(op, response, { query, body });
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      fuzzed.push(`${op.method} ${op.path}`);
    }
    expect(fuzzed).toHaveLength(operations.length);
  }, 300_000);

  it('refuses bodies nested thousands deep on every operation that takes JSON', async () => {
    for (const op of operations.filter((candidate) => candidate.body && !candidate.multipart)) {
      const token = callerToken(op);
      const response = await services.app.inject({
        method: op.method as 'POST',
        url: urlOf(op, {}),
        headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
        payload: deeplyNested(5000),
      });
      await expectHandled(op, response, 'nested 5000 deep');
    }
  });
});
