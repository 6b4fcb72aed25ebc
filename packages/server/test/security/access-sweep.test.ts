import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, tokenFor } from '../support/factories.ts';
import { startTestServices, type TestServices } from '../support/test-services.ts';
import { type ApiOperation, createTenant, readOperations, type Tenant, triggerDefinition } from './api-fixtures.ts';

/**
 * Every operation of the OpenAPI document, called as the wrong person: the access rule of each comes
 * from the document itself, so a new route is swept without editing this file, and a route whose path
 * names an id this sweep has no fixture for fails the test instead of being skipped.
 */
let services: TestServices;
let operations: Operation[];
let a: Tenant;
let b: Tenant;

type Operation = ApiOperation;

/** Bodies that pass validation, so a 404 proves the record was not found rather than the body refused. */
const VALID_BODIES: Record<string, unknown> = {
  'PATCH /api/Vendor/{id}': { name: 'Renamed' },
  'PATCH /api/Vendor/{id}/users/{userId}': { role: 'User' },
  'POST /api/Vendor/{id}/users': { email: 'someone@example.com', role: 'User' },
  'POST /api/Vendor/{id}/email/templates': { name: 'New', subject: 'Hello', body: 'Hi.' },
  'POST /api/Vendor/{id}/email/templates/{templateId}': { name: 'Renamed', subject: 'Hello', body: 'Hi.' },
  'POST /api/vendor/{vendorId}/Trigger': triggerDefinition(),
  'POST /api/vendor/{vendorId}/Trigger/{triggerId}': triggerDefinition(),
  'POST /api/vendor/{vendorId}/Trigger/dryrun': { definition: triggerDefinition(), jobUuid: crypto.randomUUID() },
  'POST /api/vendor/{vendorId}/Trigger/{triggerId}/dryrun': { jobUuid: crypto.randomUUID() },
  'POST /api/TriggerTemplate/{id}/copy/{vendorId}': {},
};

/** The vendor an operation acts on is in its path (`id` under /Vendor, `vendorId` under /vendor). */
const vendorParam = (op: Operation) =>
  op.params.includes('vendorId') ? 'vendorId' : op.params.includes('id') ? 'id' : null;

function url(op: Operation, ids: (param: string) => string): string {
  return op.path.replace(/\{(\w+)\}/g, (_, param: string) => encodeURIComponent(ids(param)));
}

function multipartBody() {
  const boundary = 'sweep-boundary';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
  };
}

async function call(op: Operation, token: string, target: string, headers: Record<string, string> = {}) {
  const key = `${op.method} ${op.path}`;
  const body = op.multipart ? multipartBody() : { headers: {}, payload: VALID_BODIES[key] };
  return services.app.inject({
    method: op.method as 'GET',
    url: target,
    headers: { ...bearer(token), ...headers, ...body.headers },
    ...(body.payload === undefined ? {} : { payload: body.payload as string }),
  });
}

beforeAll(async () => {
  services = await startTestServices();
  a = await createTenant(services, 'Alpha Sweep');
  b = await createTenant(services, 'Bravo Sweep');
  operations = await readOperations(services);
});
afterAll(() => services.cleanup());

describe('access sweep over the OpenAPI document', () => {
  it('answers 404 to another tenant’s ids on every route that names one, and 403 above the caller’s role', async () => {
    const superAdminOnly: string[] = [];
    const problems: string[] = [];
    let crossTenantChecks = 0;
    const withIds = operations.filter((op) => op.params.length > 0);
    const expectStatus = async (
      label: string,
      response: Promise<{ statusCode: number; body: string }>,
      status: number,
    ) => {
      const { statusCode, body } = await response;
      if (statusCode !== status) problems.push(`${label}: expected ${status}, got ${statusCode} ${body.slice(0, 160)}`);
    };

    for (const op of operations) {
      const name = `${op.method} ${op.path}`;
      // The admin area's calls are for super admins, whatever else a route under it might declare.
      if (op.path.startsWith('/api/Admin/') && op.access !== 'superAdmin') {
        problems.push(`${name}: an /api/Admin route must be for super admins only, not ${op.access}`);
      }
      const unknown = op.params.filter(
        (param) => !(param in a.ids) && op.access !== 'public' && op.access !== 'superAdmin',
      );
      if (unknown.length > 0) {
        problems.push(`${name}: no fixture for path parameter(s) ${unknown.join(', ')}: add one to the sweep`);
        continue;
      }
      if (op.access === 'superAdmin') {
        superAdminOnly.push(name);
        const target = url(op, (param) => a.ids[param] ?? crypto.randomUUID());
        await expectStatus(`${name} as a vendor Admin`, call(op, a.adminToken, target), 403);
        await expectStatus(`${name} as a vendor User`, call(op, a.userToken, target), 403);
        continue;
      }
      if (op.access === 'vendorAdmin') {
        const own = url(op, (param) => b.ids[param] ?? '');
        await expectStatus(
          `${name} as a User of the vendor`,
          call(op, b.userToken, own, { 'x-vendor-id': b.vendor.id }),
          403,
        );
      }
      if (op.access === 'public' || op.params.length === 0) continue;

      const vendor = vendorParam(op);
      if (vendor) {
        // Another vendor in the path.
        await expectStatus(
          `${name} with the other vendor in the path`,
          call(
            op,
            a.adminToken,
            url(op, (p) => b.ids[p] ?? ''),
          ),
          404,
        );
        crossTenantChecks++;
        // One's own vendor in the path, and another vendor's record under it.
        for (const param of op.params.filter((p) => p !== vendor && p !== 'actionId')) {
          const mixed = url(op, (p) => (p === param ? b.ids[p] : a.ids[p]) ?? '');
          await expectStatus(`${name} with the other vendor's ${param}`, call(op, a.adminToken, mixed), 404);
          crossTenantChecks++;
        }
      } else {
        // Signed-in routes whose ids are people: someone else's answers 404.
        await expectStatus(
          `${name} with another person's ids`,
          call(
            op,
            a.userToken,
            url(op, (p) => b.ids[p] ?? ''),
          ),
          404,
        );
        crossTenantChecks++;
      }
    }

    // biome-ignore lint/suspicious/noConsole: the sweep reports its coverage in the test output.
    console.log(
      `access sweep: ${operations.length} operations, ${withIds.length} with ids, ${crossTenantChecks} cross-tenant checks, ` +
        `${superAdminOnly.length} super-admin-only`,
    );
    expect(problems).toEqual([]);
    expect(superAdminOnly.filter((name) => name.includes(' /api/Admin/')).length).toBeGreaterThanOrEqual(20);
    expect(withIds.length).toBeGreaterThan(30);
    expect(crossTenantChecks).toBeGreaterThan(30);
  });
});

describe('a super admin is not refused', () => {
  it('reads a vendor-scoped record of any tenant', async () => {
    const superAdmin = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
    const response = await services.app.inject({
      method: 'GET',
      url: `/api/vendor/${b.vendor.id}/Trigger/${b.ids.triggerId}`,
      headers: bearer(superAdmin),
    });
    expect(response.statusCode).toBe(200);
  });
});
