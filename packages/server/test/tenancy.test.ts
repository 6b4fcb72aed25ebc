import { ErrorBody } from '@automate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOptOut } from '../src/modules/automation/execute/client-messaging.repository.ts';
import { insertEmailTemplate } from '../src/modules/email-templates/email-templates.repository.ts';
import { replacePendingInvitation } from '../src/modules/invitations/invitations.repository.ts';
import { insertTemplate } from '../src/modules/trigger-templates/trigger-templates.repository.ts';
import { findVendorById } from '../src/modules/vendors/vendors.repository.ts';
import { ACTION_ID, insertTriggerWithRun, triggerDefinition } from './security/api-fixtures.ts';
import { addMember, bearer, createUser, createVendorTeam, tokenFor } from './support/factories.ts';
import { insertTestNotice } from './support/run-factory.ts';
import { type BillingServices, buyPlan, priceOf, vendorCall } from './support/stripe-billing.ts';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let superAdminToken: string;

beforeAll(async () => {
  services = await startTestServices({ stripe: true });
  superAdminToken = await tokenFor(services.deps, await createUser(services.deps, { superAdmin: true }));
  starterPriceId = await priceOf(services, superAdminToken, 'Starter');
});
afterAll(() => services.cleanup());

type Team = Awaited<ReturnType<typeof createVendorTeam>>;
type Route = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** `vendor` is the vendor in the path (or header); `member` a User-role member of it that may be changed. */
  url: (team: Team) => string;
  body?: (team: Team) => object;
  /** The current-vendor routes take the vendor from the x-vendor-id header instead of the path. */
  viaHeader?: boolean;
  adminOnly: boolean;
  success: number;
  /** Creates what the route's path names (e.g. an email template) in a team before the route is called. */
  prepare?: (team: Team) => Promise<void>;
};

/** Vendor id → the Stripe subscription `prepare` bought for it (Starter, monthly). */
const subscriptionOf = new Map<string, string>();
let starterPriceId = '';
async function subscribe(team: Team, options: { thenCancel?: boolean } = {}): Promise<void> {
  const billing = { ...services, stripe: services.stripe } as BillingServices;
  const { subscription } = await buyPlan(billing, team, 'Starter');
  if (!subscription) throw new Error('no subscription');
  subscriptionOf.set(team.vendor.id, subscription.id);
  if (options.thenCancel) {
    await vendorCall(
      services,
      team.adminToken,
      team.vendor.id,
      `/api/Accounting/subscription/${subscription.id}/cancel`,
    );
  }
}

/** Vendor id → the email template created for it by `prepare`. */
const emailTemplateOf = new Map<string, string>();
async function createEmailTemplateIn(team: Team): Promise<void> {
  const row = await insertEmailTemplate(services.deps.database.db, {
    vendorId: team.vendor.id,
    values: { name: 'Job booked', subject: 'Job {{ job.number }}', body: 'See you soon.' },
    now: new Date(),
  });
  emailTemplateOf.set(team.vendor.id, row.id);
}
/** Vendor id → a published template (with no ServiceM8 records) to copy, created by `prepare`. */
const templateOf = new Map<string, string>();
async function createTemplateFor(team: Team): Promise<void> {
  const row = await insertTemplate(
    services.deps.database.db,
    {
      title: 'Note on completion',
      description: 'Adds a note when a job is completed.',
      category: 'Follow-ups',
      published: true,
      onboardingOrder: null,
      definition: triggerDefinition(),
    },
    new Date(),
  );
  templateOf.set(team.vendor.id, row.id);
}
const emailTemplateUrl = (t: Team) => `/api/Vendor/${t.vendor.id}/email/templates/${emailTemplateOf.get(t.vendor.id)}`;

/**
 * Vendor id → triggers created by `prepare`, each with a Scheduled run and an unused attachment.
 * A route that deletes or cancels is called up to three times per vendor, so each call takes the
 * next one (the last stays for any further call).
 */
const triggerPool = new Map<string, Array<{ triggerId: string; runId: string; attachmentId: string }>>();
async function createTriggersIn(team: Team): Promise<void> {
  const pool = [];
  for (let i = 0; i < 3; i++) {
    const { trigger, run, attachment } = await insertTriggerWithRun(services.deps.database.db, team, 'tenancy');
    pool.push({ triggerId: trigger.id, runId: run.id, attachmentId: attachment.id });
  }
  triggerPool.set(team.vendor.id, pool);
}
function nextTrigger(team: Team) {
  const pool = triggerPool.get(team.vendor.id) ?? [];
  const next = pool.length > 1 ? pool.shift() : pool[0];
  if (!next) throw new Error('createTriggersIn was not called for this team');
  return next;
}
/** Vendor id → pending invitations created by `prepare`; a withdrawal takes the next one. */
const invitationPool = new Map<string, string[]>();
async function createInvitationsIn(team: Team): Promise<void> {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const row = await replacePendingInvitation(services.deps.database.db, {
      vendorId: team.vendor.id,
      email: `invitee-${i}@example.com`,
      role: 'User',
      invitedByUserId: team.admin.id,
      tokenHash: `tenancy-${team.vendor.id}-${i}`,
      expiresAt: new Date(Date.now() + 3_600_000),
      createdAt: new Date(),
    });
    ids.push(row.id);
  }
  invitationPool.set(team.vendor.id, ids);
}
function nextInvitation(team: Team): string {
  const pool = invitationPool.get(team.vendor.id) ?? [];
  const next = pool.length > 1 ? pool.shift() : pool[0];
  if (!next) throw new Error('createInvitationsIn was not called for this team');
  return next;
}
const triggerBase = (t: Team) => `/api/vendor/${t.vendor.id}/Trigger`;
/** Vendor id → a notice of its Admin, created by `prepare`. */
const noticeOf = new Map<string, string>();
async function createNoticeIn(team: Team): Promise<void> {
  noticeOf.set(team.vendor.id, await insertTestNotice(services.deps.database.db, team));
}

/** Vendor id → API keys made by `prepare`, through the API as the team's Admin; a revocation takes the next one. */
const apiKeyPool = new Map<string, string[]>();
async function createApiKeysIn(team: Team): Promise<void> {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const made = await services.app.inject({
      method: 'POST',
      url: `/api/vendor/${team.vendor.id}/ApiKeys`,
      headers: bearer(team.adminToken),
      payload: { name: `Tenancy ${i}`, scope: 'read' },
    });
    ids.push(made.json().data.id);
  }
  apiKeyPool.set(team.vendor.id, ids);
}
function nextApiKey(team: Team): string {
  const pool = apiKeyPool.get(team.vendor.id) ?? [];
  const next = pool.length > 1 ? pool.shift() : pool[0];
  if (!next) throw new Error('createApiKeysIn was not called for this team');
  return next;
}

/** Every vendor-scoped route. A test below fails when a new one is added without a row here. */
const ROUTES: Record<string, Route> = {
  'GET /api/Vendor/{id}': { method: 'GET', url: (t) => `/api/Vendor/${t.vendor.id}`, adminOnly: false, success: 200 },
  'PATCH /api/Vendor/{id}': {
    method: 'PATCH',
    url: (t) => `/api/Vendor/${t.vendor.id}`,
    body: () => ({ name: 'Renamed Ltd' }),
    adminOnly: true,
    success: 200,
  },
  'GET /api/Vendor/{id}/users/search': {
    method: 'GET',
    url: (t) => `/api/Vendor/${t.vendor.id}/users/search`,
    adminOnly: true,
    success: 200,
  },
  'POST /api/Vendor/{id}/users': {
    method: 'POST',
    url: (t) => `/api/Vendor/${t.vendor.id}/users`,
    body: () => ({ email: `invitee-${Math.random().toString(36).slice(2)}@example.com`, role: 'User' }),
    adminOnly: true,
    success: 201,
  },
  'GET /api/Vendor/{id}/invitations': {
    method: 'GET',
    url: (t) => `/api/Vendor/${t.vendor.id}/invitations`,
    adminOnly: true,
    success: 200,
  },
  'DELETE /api/Vendor/{id}/invitations/{invitationId}': {
    method: 'DELETE',
    url: (t) => `/api/Vendor/${t.vendor.id}/invitations/${nextInvitation(t)}`,
    adminOnly: true,
    success: 200,
    prepare: createInvitationsIn,
  },
  'GET /api/Vendor/{id}/users/{userId}': {
    method: 'GET',
    url: (t) => `/api/Vendor/${t.vendor.id}/users/${t.user.id}`,
    adminOnly: true,
    success: 200,
  },
  'PATCH /api/Vendor/{id}/users/{userId}': {
    method: 'PATCH',
    url: (t) => `/api/Vendor/${t.vendor.id}/users/${t.user.id}`,
    body: () => ({ role: 'Admin' }),
    adminOnly: true,
    success: 200,
  },
  'DELETE /api/Vendor/{id}/users/{userId}': {
    method: 'DELETE',
    url: (t) => `/api/Vendor/${t.vendor.id}/users/${t.user.id}`,
    adminOnly: true,
    success: 200,
  },
  'GET /api/Vendor/{id}/sync': {
    method: 'GET',
    url: (t) => `/api/Vendor/${t.vendor.id}/sync`,
    adminOnly: true,
    // These vendors have no ServiceM8 account; syncing a connected one is tested against the simulator.
    success: 409,
  },
  'POST /api/Vendor/{id}/servicem8/webhooks/check': {
    method: 'POST',
    url: (t) => `/api/Vendor/${t.vendor.id}/servicem8/webhooks/check`,
    adminOnly: true,
    // Not connected: the check says to connect first; a connected vendor's check is tested against the simulator.
    success: 409,
  },
  'DELETE /api/Vendor/{id}/servicem8': {
    method: 'DELETE',
    url: (t) => `/api/Vendor/${t.vendor.id}/servicem8`,
    adminOnly: true,
    // Not connected: nothing to disconnect (409); disconnecting a connected vendor is tested against the simulator.
    success: 409,
  },
  'GET /api/Vendor/{id}/servicem8/reference': {
    method: 'GET',
    url: (t) => `/api/Vendor/${t.vendor.id}/servicem8/reference`,
    adminOnly: false,
    success: 200,
  },
  'GET /api/Vendor/{id}/servicem8/jobs': {
    method: 'GET',
    url: (t) => `/api/Vendor/${t.vendor.id}/servicem8/jobs?search=1001`,
    adminOnly: false,
    // The team's vendor has no ServiceM8 connection: the search says to connect it.
    success: 409,
  },
  'GET /api/Vendor/{id}/servicem8/clients': {
    method: 'GET',
    url: (t) => `/api/Vendor/${t.vendor.id}/servicem8/clients?search=cafe`,
    adminOnly: false,
    success: 409,
  },
  'GET /api/Vendor/{id}/servicem8/form-responses': {
    method: 'GET',
    url: (t) => `/api/Vendor/${t.vendor.id}/servicem8/form-responses?search=`,
    adminOnly: false,
    success: 409,
  },
  'POST /api/Webhook/whtest': {
    method: 'POST',
    url: () => '/api/Webhook/whtest',
    body: (t) => ({ object: 'job', entry: [{ uuid: t.vendor.id, changed_fields: ['status'] }] }),
    viaHeader: true,
    adminOnly: true,
    success: 200,
  },
  'GET /api/Accounting/checkout/{id}': {
    method: 'GET',
    url: () => `/api/Accounting/checkout/${starterPriceId}`,
    viaHeader: true,
    adminOnly: true,
    success: 200,
  },
  'GET /api/Accounting/subscription/{id}/cancel': {
    method: 'GET',
    url: (t) => `/api/Accounting/subscription/${subscriptionOf.get(t.vendor.id)}/cancel`,
    viaHeader: true,
    adminOnly: true,
    success: 200,
    prepare: (t) => subscribe(t),
  },
  'GET /api/Accounting/subscription/{id}/resume': {
    method: 'GET',
    url: (t) => `/api/Accounting/subscription/${subscriptionOf.get(t.vendor.id)}/resume`,
    viaHeader: true,
    adminOnly: true,
    success: 200,
    prepare: (t) => subscribe(t, { thenCancel: true }),
  },
  'GET /api/Accounting/invoices/search/vendor/{vendorId}': {
    method: 'GET',
    url: (t) => `/api/Accounting/invoices/search/vendor/${t.vendor.id}`,
    adminOnly: true,
    success: 200,
  },
  'GET /api/Accounting/product/sub/active': {
    method: 'GET',
    url: () => '/api/Accounting/product/sub/active',
    viaHeader: true,
    adminOnly: true,
    success: 200,
  },
  'GET /api/Vendor/users/search': {
    method: 'GET',
    url: () => '/api/Vendor/users/search',
    viaHeader: true,
    adminOnly: true,
    success: 200,
  },
  'GET /api/Vendor/{id}/email/templates/fetch': {
    method: 'GET',
    url: (t) => `/api/Vendor/${t.vendor.id}/email/templates/fetch`,
    adminOnly: false,
    success: 200,
  },
  'POST /api/Vendor/{id}/email/templates': {
    method: 'POST',
    url: (t) => `/api/Vendor/${t.vendor.id}/email/templates`,
    body: () => ({
      name: `Template ${Math.random().toString(36).slice(2)}`,
      subject: 'Hello',
      body: 'Hi {{ contact.name }}',
    }),
    adminOnly: true,
    success: 201,
  },
  'GET /api/Vendor/{id}/email/templates/{templateId}': {
    method: 'GET',
    url: emailTemplateUrl,
    prepare: createEmailTemplateIn,
    adminOnly: false,
    success: 200,
  },
  'POST /api/Vendor/{id}/email/templates/{templateId}': {
    method: 'POST',
    url: emailTemplateUrl,
    body: () => ({ name: 'Job booked (changed)', subject: 'Hello', body: 'Hi {{ contact.name }}' }),
    prepare: createEmailTemplateIn,
    adminOnly: true,
    success: 200,
  },
  'DELETE /api/Vendor/{id}/email/templates/{templateId}': {
    method: 'DELETE',
    url: emailTemplateUrl,
    prepare: createEmailTemplateIn,
    adminOnly: true,
    success: 200,
  },
  'GET /api/vendor/{vendorId}/Trigger/search': {
    method: 'GET',
    url: (t) => `${triggerBase(t)}/search`,
    adminOnly: false,
    success: 200,
  },
  'GET /api/vendor/{vendorId}/Trigger/attention': {
    method: 'GET',
    url: (t) => `${triggerBase(t)}/attention`,
    adminOnly: false,
    success: 200,
  },
  'POST /api/vendor/{vendorId}/Trigger': {
    method: 'POST',
    url: triggerBase,
    body: triggerDefinition,
    adminOnly: false,
    success: 201,
  },
  'GET /api/vendor/{vendorId}/Trigger/{triggerId}': {
    method: 'GET',
    url: (t) => `${triggerBase(t)}/${nextTrigger(t).triggerId}`,
    prepare: createTriggersIn,
    adminOnly: false,
    success: 200,
  },
  'POST /api/vendor/{vendorId}/Trigger/{triggerId}': {
    method: 'POST',
    url: (t) => `${triggerBase(t)}/${nextTrigger(t).triggerId}`,
    body: triggerDefinition,
    prepare: createTriggersIn,
    adminOnly: false,
    success: 200,
  },
  'DELETE /api/vendor/{vendorId}/Trigger/{triggerId}': {
    method: 'DELETE',
    url: (t) => `${triggerBase(t)}/${nextTrigger(t).triggerId}`,
    prepare: createTriggersIn,
    adminOnly: false,
    success: 200,
  },
  'GET /api/vendor/{vendorId}/Trigger/{triggerId}/runs': {
    method: 'GET',
    url: (t) => `${triggerBase(t)}/${nextTrigger(t).triggerId}/runs`,
    prepare: createTriggersIn,
    adminOnly: false,
    success: 200,
  },
  'POST /api/vendor/{vendorId}/Trigger/{triggerId}/action/{actionId}/attachment': {
    method: 'POST',
    url: (t) => `${triggerBase(t)}/${nextTrigger(t).triggerId}/action/send/attachment`,
    body: () => ({ file: 'not a file' }),
    prepare: createTriggersIn,
    adminOnly: false,
    // Reached, but JSON is not a file (uploads are tested in triggers.test.ts).
    success: 415,
  },
  'DELETE /api/vendor/{vendorId}/Trigger/{triggerId}/action/{actionId}/attachment/{attachmentId}': {
    method: 'DELETE',
    url: (t) => {
      const { triggerId, attachmentId } = nextTrigger(t);
      return `${triggerBase(t)}/${triggerId}/action/${ACTION_ID}/attachment/${attachmentId}`;
    },
    prepare: createTriggersIn,
    adminOnly: false,
    success: 200,
  },
  'POST /api/vendor/{vendorId}/Trigger/action/{actionId}/attachment': {
    method: 'POST',
    url: (t) => `${triggerBase(t)}/action/send/attachment`,
    body: () => ({ file: 'not a file' }),
    adminOnly: false,
    // Reached, but JSON is not a file (uploads are tested in triggers.test.ts).
    success: 415,
  },
  'DELETE /api/vendor/{vendorId}/Trigger/action/{actionId}/attachment/{attachmentId}': {
    method: 'DELETE',
    url: (t) => `${triggerBase(t)}/action/send/attachment/00000000-0000-4000-8000-000000000000`,
    adminOnly: false,
    // Reached: the vendor has no such pending file.
    success: 404,
  },
  'POST /api/TriggerTemplate/{id}/copy/{vendorId}': {
    method: 'POST',
    url: (t) => `/api/TriggerTemplate/${templateOf.get(t.vendor.id)}/copy/${t.vendor.id}`,
    body: () => ({}),
    prepare: createTemplateFor,
    adminOnly: false,
    success: 201,
  },
  'POST /api/vendor/{vendorId}/Trigger/dryrun': {
    method: 'POST',
    url: (t) => `${triggerBase(t)}/dryrun`,
    body: () => ({ jobUuid: 'job-1', definition: triggerDefinition() }),
    adminOnly: false,
    // Reached: the test vendors have no ServiceM8 account to read the job from (dry runs: automation-runs.test.ts).
    success: 409,
  },
  'POST /api/vendor/{vendorId}/Trigger/{triggerId}/dryrun': {
    method: 'POST',
    url: (t) => `${triggerBase(t)}/${nextTrigger(t).triggerId}/dryrun`,
    body: () => ({ jobUuid: 'job-1' }),
    prepare: createTriggersIn,
    adminOnly: false,
    success: 409,
  },
  'POST /api/vendor/{vendorId}/Trigger/preview': {
    method: 'POST',
    url: (t) => `${triggerBase(t)}/preview`,
    body: () => ({ definition: triggerDefinition() }),
    adminOnly: false,
    // Reached: the test vendors have no changes kept, so the preview lists none (previews: automation-preview.test.ts).
    success: 200,
  },
  'GET /api/vendor/{vendorId}/OptOuts': {
    method: 'GET',
    url: (t) => `/api/vendor/${t.vendor.id}/OptOuts`,
    adminOnly: false,
    success: 200,
  },
  'DELETE /api/vendor/{vendorId}/OptOuts/{clientUuid}': {
    method: 'DELETE',
    url: (t) => `/api/vendor/${t.vendor.id}/OptOuts/client-1`,
    prepare: (t) =>
      insertOptOut(services.deps.database.db, {
        vendorId: t.vendor.id,
        clientUuid: 'client-1',
        contactName: 'Client One',
        email: 'one@example.com',
        optedOutAt: new Date(),
      }),
    adminOnly: true,
    success: 200,
  },
  'GET /api/vendor/{vendorId}/Trigger/runs': {
    method: 'GET',
    url: (t) => `${triggerBase(t)}/runs`,
    adminOnly: false,
    success: 200,
  },
  'GET /api/vendor/{vendorId}/Trigger/changes': {
    method: 'GET',
    url: (t) => `${triggerBase(t)}/changes`,
    adminOnly: false,
    success: 200,
  },
  'GET /api/vendor/{vendorId}/Trigger/results/week': {
    method: 'GET',
    url: (t) => `${triggerBase(t)}/results/week`,
    adminOnly: false,
    success: 200,
  },
  'GET /api/vendor/{vendorId}/Trigger/{triggerId}/results': {
    method: 'GET',
    url: (t) => `${triggerBase(t)}/${nextTrigger(t).triggerId}/results`,
    prepare: createTriggersIn,
    adminOnly: false,
    success: 200,
  },
  'GET /api/vendor/{vendorId}/Trigger/runs/{runId}': {
    method: 'GET',
    url: (t) => `${triggerBase(t)}/runs/${nextTrigger(t).runId}`,
    prepare: createTriggersIn,
    adminOnly: false,
    success: 200,
  },
  'GET /api/vendor/{vendorId}/Trigger/runs/{runId}/cancel': {
    method: 'GET',
    url: (t) => `${triggerBase(t)}/runs/${nextTrigger(t).runId}/cancel`,
    prepare: createTriggersIn,
    adminOnly: false,
    success: 200,
  },
  'POST /api/vendor/{vendorId}/Trigger/runs/{runId}/retry': {
    method: 'POST',
    url: (t) => `${triggerBase(t)}/runs/${nextTrigger(t).runId}/retry`,
    prepare: createTriggersIn,
    adminOnly: false,
    // The prepared run is Scheduled: only a failed one can be retried.
    success: 409,
  },
  'POST /api/vendor/{vendorId}/Trigger/runs/retry': {
    method: 'POST',
    url: (t) => `${triggerBase(t)}/runs/retry`,
    body: () => ({ runIds: ['00000000-0000-4000-8000-000000000000'] }),
    adminOnly: false,
    success: 200,
  },
  'GET /api/vendor/{vendorId}/Activity/search': {
    method: 'GET',
    url: (t) => `/api/vendor/${t.vendor.id}/Activity/search`,
    adminOnly: false,
    success: 200,
  },
  'GET /api/vendor/{vendorId}/ApiKeys': {
    method: 'GET',
    url: (t) => `/api/vendor/${t.vendor.id}/ApiKeys`,
    adminOnly: true,
    success: 200,
  },
  'POST /api/vendor/{vendorId}/ApiKeys': {
    method: 'POST',
    url: (t) => `/api/vendor/${t.vendor.id}/ApiKeys`,
    body: () => ({ name: 'Reporting script', scope: 'read' }),
    adminOnly: true,
    success: 200,
  },
  'DELETE /api/vendor/{vendorId}/ApiKeys/{keyId}': {
    method: 'DELETE',
    url: (t) => `/api/vendor/${t.vendor.id}/ApiKeys/${nextApiKey(t)}`,
    adminOnly: true,
    success: 200,
    prepare: createApiKeysIn,
  },
  'GET /api/vendor/{vendorId}/WebAddress': {
    method: 'GET',
    url: (t) => `/api/vendor/${t.vendor.id}/WebAddress`,
    adminOnly: true,
    success: 200,
  },
  'POST /api/vendor/{vendorId}/WebAddress/secret': {
    method: 'POST',
    url: (t) => `/api/vendor/${t.vendor.id}/WebAddress/secret`,
    adminOnly: true,
    success: 200,
  },
  'POST /api/vendor/{vendorId}/WebAddress/test': {
    method: 'POST',
    url: (t) => `/api/vendor/${t.vendor.id}/WebAddress/test`,
    // A reserved address: refused before anything is sent, once access has let the call through.
    body: () => ({ url: 'https://169.254.169.254/hooks', bodyMode: 'json', headers: [] }),
    adminOnly: true,
    success: 200,
  },
  'POST /api/vendor/{vendorId}/Feedback': {
    method: 'POST',
    url: (t) => `/api/vendor/${t.vendor.id}/Feedback`,
    body: () => ({ message: 'The logs are easy to read.', rating: 5, page: '/app/automation/logs' }),
    adminOnly: false,
    success: 201,
  },
  'GET /api/vendor/{vendorId}/notices': {
    method: 'GET',
    url: (t) => `/api/vendor/${t.vendor.id}/notices`,
    adminOnly: true,
    success: 200,
  },
  'POST /api/vendor/{vendorId}/notices/read': {
    method: 'POST',
    url: (t) => `/api/vendor/${t.vendor.id}/notices/read`,
    adminOnly: true,
    success: 200,
  },
  'POST /api/vendor/{vendorId}/notices/{noticeId}/read': {
    method: 'POST',
    url: (t) => `/api/vendor/${t.vendor.id}/notices/${noticeOf.get(t.vendor.id) ?? ''}/read`,
    prepare: createNoticeIn,
    adminOnly: true,
    success: 200,
  },
};

async function call(route: Route, target: Team, token: string) {
  return services.app.inject({
    method: route.method,
    url: route.url(target),
    headers: { ...bearer(token), ...(route.viaHeader ? { 'x-vendor-id': target.vendor.id } : {}) },
    ...(route.body ? { payload: route.body(target) } : {}),
  });
}

describe('tenancy: every vendor-scoped route', () => {
  it('is in this table', async () => {
    const document = (await services.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const vendorScoped: string[] = [];
    for (const [path, operations] of Object.entries(
      document.paths as Record<string, Record<string, { description?: string }>>,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        if (/(Members|Admins) of the vendor/.test(operation.description ?? '')) {
          vendorScoped.push(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    expect(vendorScoped.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [name, route] of Object.entries(ROUTES)) {
    describe(name, () => {
      let a: Team;
      let b: Team;
      beforeAll(async () => {
        a = await createVendorTeam(services.deps, 'Alpha Electrical');
        b = await createVendorTeam(services.deps, 'Bravo Builders');
        await route.prepare?.(a);
        await route.prepare?.(b);
      });

      it("answers 404 to a member of another vendor, and shows none of that vendor's data", async () => {
        const response = await call(route, b, a.adminToken);
        expect(response.statusCode).toBe(404);
        expect(ErrorBody.parse(response.json()).message).toBe('Vendor was not found.');
        expect(response.body).not.toContain('Bravo');
        expect(response.body).not.toContain(b.user.email);
        expect((await findVendorById(services.deps.database.db, b.vendor.id))?.name).toBe('Bravo Builders');
      });

      it(route.adminOnly ? 'answers 403 to a User of the vendor' : 'serves a User of the vendor', async () => {
        const response = await call(route, b, b.userToken);
        if (route.adminOnly) {
          expect(response.statusCode).toBe(403);
          expect(ErrorBody.parse(response.json()).message).toBe('Only Admins of Bravo Builders can do this.');
        } else {
          expect(response.statusCode, response.body).toBe(route.success);
        }
      });

      it('serves a super admin on both vendors', async () => {
        expect((await call(route, a, superAdminToken)).statusCode).toBe(route.success);
        expect((await call(route, b, superAdminToken)).statusCode).toBe(route.success);
      });

      it('answers 401 without a session', async () => {
        const response = await services.app.inject({ method: route.method, url: route.url(a) });
        expect(response.statusCode).toBe(401);
      });
    });
  }
});

describe('tenancy: ids inside a vendor', () => {
  it("answers 404 for another vendor's user under one's own vendor", async () => {
    const a = await createVendorTeam(services.deps);
    const b = await createVendorTeam(services.deps);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const response = await services.app.inject({
        method,
        url: `/api/Vendor/${a.vendor.id}/users/${b.user.id}`,
        headers: bearer(a.adminToken),
        ...(method === 'PATCH' ? { payload: { role: 'Admin' } } : {}),
      });
      expect(response.statusCode, method).toBe(404);
    }
  });

  it('answers 404 for a vendor id that is not an id at all', async () => {
    const a = await createVendorTeam(services.deps);
    const response = await services.app.inject({
      method: 'GET',
      url: '/api/Vendor/drop-table',
      headers: bearer(a.adminToken),
    });
    expect(response.statusCode).toBe(404);
  });

  it("lets a user who belongs to two vendors pick the current one by header, and refuses one they don't", async () => {
    const a = await createVendorTeam(services.deps, 'Charlie Cooling');
    const b = await createVendorTeam(services.deps, 'Delta Drains');
    await addMember(services.deps, b.vendor, a.admin, 'Admin');
    const search = (headers: Record<string, string>) =>
      services.app.inject({
        method: 'GET',
        url: '/api/Vendor/users/search',
        headers: { ...bearer(a.adminToken), ...headers },
      });
    const first = (await search({})).json().data.rows.map((row: { email: string }) => row.email);
    expect(first).toContain(a.user.email);
    const second = (await search({ 'x-vendor-id': b.vendor.id }))
      .json()
      .data.rows.map((row: { email: string }) => row.email);
    expect(second).toContain(b.user.email);
    expect(second).not.toContain(a.user.email);
    const other = await createVendorTeam(services.deps);
    expect((await search({ 'x-vendor-id': other.vendor.id })).statusCode).toBe(404);
  });
});

describe('mass assignment', () => {
  it('ignores ids in a body: the path and the session decide what changes', async () => {
    const a = await createVendorTeam(services.deps, 'Echo Electric');
    const b = await createVendorTeam(services.deps, 'Foxtrot Fencing');
    const renamed = await services.app.inject({
      method: 'PATCH',
      url: `/api/Vendor/${a.vendor.id}`,
      headers: bearer(a.adminToken),
      payload: { name: 'Echo Electric NZ', id: b.vendor.id, vendorId: b.vendor.id, sm8Connected: true },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: a.vendor.id, name: 'Echo Electric NZ', sm8Connected: false });
    expect((await findVendorById(services.deps.database.db, b.vendor.id))?.name).toBe('Foxtrot Fencing');

    const invited = await services.app.inject({
      method: 'POST',
      url: `/api/Vendor/${a.vendor.id}/users`,
      headers: bearer(a.adminToken),
      payload: { email: 'newbie@example.com', role: 'User', vendorId: b.vendor.id, roles: ['SuperAdmin'] },
    });
    expect(invited.statusCode).toBe(201);
    const invitationsOf = async (team: typeof a) =>
      (
        await services.app.inject({
          method: 'GET',
          url: `/api/Vendor/${team.vendor.id}/invitations`,
          headers: bearer(team.adminToken),
        })
      ).json().data as Array<{ email: string; role: string }>;
    expect(await invitationsOf(a)).toMatchObject([{ email: 'newbie@example.com', role: 'User' }]);
    expect(await invitationsOf(b)).toEqual([]);

    const welcomed = await services.app.inject({
      method: 'POST',
      url: '/api/User/welcomed',
      headers: bearer(a.userToken),
      payload: { id: a.admin.id },
    });
    expect(welcomed.statusCode).toBe(200);
    const adminProfile = await services.app.inject({
      method: 'GET',
      url: `/api/User/${a.admin.id}`,
      headers: bearer(superAdminToken),
    });
    expect(adminProfile.json().data.welcomedAt).toBeNull();
  });
});
