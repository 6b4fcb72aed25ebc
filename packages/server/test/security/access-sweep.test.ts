import { TriggerDefinition } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { automationEvents, triggerRuns } from '../../src/modules/automation/automation.schema.ts';
import { insertEmailTemplate } from '../../src/modules/email-templates/email-templates.repository.ts';
import { insertIdentity } from '../../src/modules/servicem8/servicem8.repository.ts';
import { insertTrigger, insertTriggerAttachment } from '../../src/modules/triggers/triggers.repository.ts';
import { replacePendingInvitation } from '../../src/modules/vendors/vendor-invitations.repository.ts';
import { bearer, createUser, createVendorTeam, tokenFor } from '../support/factories.ts';
import { startTestServices, type TestServices } from '../support/test-services.ts';

/**
 * Every operation of the OpenAPI document, called as the wrong person: the access rule of each comes
 * from the document itself, so a new route is swept without editing this file, and a route whose path
 * names an id this sweep has no fixture for fails the test instead of being skipped.
 */
let services: TestServices;
let operations: Operation[];
let a: Tenant;
let b: Tenant;

type Access = 'public' | 'signedIn' | 'superAdmin' | 'vendorMember' | 'vendorAdmin';
type Operation = { method: string; path: string; access: Access; params: string[]; multipart: boolean };
type Tenant = Awaited<ReturnType<typeof createTenant>>;

const ACTION_ID = 'a1';
const definition = () =>
  TriggerDefinition.parse({
    name: 'Quote follow-up',
    enabled: false,
    event: 'JobQuoteSent',
    targetKind: 'Job',
    actions: [{ id: ACTION_ID, type: 'Job_AddNote', params: { text: 'Followed up.' } }],
  });

/** A business with an Admin, a User and one record of every kind a path can name. */
async function createTenant(name: string) {
  const db = services.deps.database.db;
  const team = await createVendorTeam(services.deps, name);
  const now = new Date();
  const trigger = await insertTrigger(db, {
    vendorId: team.vendor.id,
    definition: definition(),
    userId: team.admin.id,
    now,
  });
  const [event] = await db
    .insert(automationEvents)
    .values({
      vendorId: team.vendor.id,
      event: 'JobQuoteSent',
      occurrenceKey: `sweep-${trigger.id}`,
      source: 'webhook',
      occurredAt: now,
    })
    .returning();
  const [run] = await db
    .insert(triggerRuns)
    .values({
      vendorId: team.vendor.id,
      triggerId: trigger.id,
      triggerVersion: 1,
      eventId: event?.id ?? '',
      event: 'JobQuoteSent',
      status: 'Scheduled',
      dueAt: new Date(now.getTime() + 3_600_000),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const attachment = await insertTriggerAttachment(db, {
    vendorId: team.vendor.id,
    triggerId: trigger.id,
    actionId: ACTION_ID,
    fileName: 'brochure.pdf',
    contentType: 'application/pdf',
    size: 10,
    storageName: `sweep-${trigger.id}`,
  });
  const template = await insertEmailTemplate(db, {
    vendorId: team.vendor.id,
    values: { name: 'Job booked', subject: 'Job {{ job.number }}', body: 'See you soon.' },
    now,
  });
  const invitation = await replacePendingInvitation(db, {
    vendorId: team.vendor.id,
    email: `invitee@${team.vendor.id}.example.com`,
    role: 'User',
    invitedByUserId: team.admin.id,
    tokenHash: `sweep-${team.vendor.id}`,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  const identity = { accountUuid: `account-${team.vendor.id}`, staffUuid: `staff-${team.vendor.id}` };
  await insertIdentity(db, { ...identity, userId: team.user.id, accountName: name, staffEmail: team.user.email });
  /** Path parameter → this tenant's record; a name missing here fails the sweep for its routes. */
  const ids: Record<string, string> = {
    id: team.vendor.id,
    vendorId: team.vendor.id,
    userId: team.user.id,
    triggerId: trigger.id,
    runId: run?.id ?? '',
    actionId: ACTION_ID,
    attachmentId: attachment.id,
    templateId: template.id,
    invitationId: invitation.id,
    accountUuid: identity.accountUuid,
    staffUuid: identity.staffUuid,
  };
  return { ...team, ids };
}

/** Bodies that pass validation, so a 404 proves the record was not found rather than the body refused. */
const VALID_BODIES: Record<string, unknown> = {
  'PATCH /api/Vendor/{id}': { name: 'Renamed' },
  'PATCH /api/Vendor/{id}/users/{userId}': { role: 'User' },
  'POST /api/Vendor/{id}/users': { email: 'someone@example.com', role: 'User' },
  'POST /api/Vendor/{id}/email/templates': { name: 'New', subject: 'Hello', body: 'Hi.' },
  'POST /api/Vendor/{id}/email/templates/{templateId}': { name: 'Renamed', subject: 'Hello', body: 'Hi.' },
  'POST /api/vendor/{vendorId}/Trigger': definition(),
  'POST /api/vendor/{vendorId}/Trigger/{triggerId}': definition(),
  'POST /api/vendor/{vendorId}/Trigger/dryrun': { definition: definition(), jobUuid: crypto.randomUUID() },
  'POST /api/vendor/{vendorId}/Trigger/{triggerId}/dryrun': { jobUuid: crypto.randomUUID() },
};

function parseAccess(description: string | undefined): Access {
  const rule = /\*\*Who may call:\*\* (.*)/.exec(description ?? '')?.[1] ?? '';
  if (rule.startsWith('Anyone')) return 'public';
  if (rule.startsWith('Any signed-in')) return 'signedIn';
  if (rule.startsWith('Super admins')) return 'superAdmin';
  if (rule.startsWith('Admins of the vendor')) return 'vendorAdmin';
  if (rule.startsWith('Members of the vendor')) return 'vendorMember';
  throw new Error(`no access rule in: ${description}`);
}

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
  a = await createTenant('Alpha Sweep');
  b = await createTenant('Bravo Sweep');
  const document = (await services.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          description?: string;
          parameters?: Array<{ in: string; name: string }>;
          requestBody?: { content?: Record<string, unknown> };
        }
      >
    >;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      access: parseAccess(operation.description),
      params: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''),
      multipart: Object.keys(operation.requestBody?.content ?? {}).includes('multipart/form-data'),
    })),
  );
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
