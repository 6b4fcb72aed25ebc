import { TriggerDefinition } from '@automate/contract';
import type { Db } from '../../src/db/database.ts';
import { insertApiKey } from '../../src/modules/auth/api-keys.repository.ts';
import { automationEvents, triggerRuns } from '../../src/modules/automation/automation.schema.ts';
import { insertOptOut } from '../../src/modules/automation/execute/client-messaging.repository.ts';
import { insertEmailTemplate } from '../../src/modules/email-templates/email-templates.repository.ts';
import { replacePendingInvitation } from '../../src/modules/invitations/invitations.repository.ts';
import { insertTrigger, insertTriggerAttachment } from '../../src/modules/triggers/triggers.repository.ts';
import { insertIdentity } from '../../src/modules/users/sm8-identities.repository.ts';
import { createVendorTeam } from '../support/factories.ts';
import { insertTestNotice } from '../support/run-factory.ts';
import type { TestServices } from '../support/test-services.ts';

/** What the security tests know of an operation, read from the OpenAPI document. */
type Access = 'public' | 'signedIn' | 'superAdmin' | 'vendorMember' | 'vendorAdmin';
export type ApiOperation = {
  method: string;
  path: string;
  access: Access;
  params: string[];
  multipart: boolean;
  /** JSON schemas of the body and of each query parameter, as the document gives them. */
  body: JsonSchema | undefined;
  query: Array<{ name: string; required: boolean; schema: JsonSchema }>;
};
export type JsonSchema = Record<string, unknown>;
export type Tenant = Awaited<ReturnType<typeof createTenant>>;

type DocumentOperation = {
  description?: string;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every operation of the app's OpenAPI document, with its access rule as the document states it. */
export async function readOperations(services: TestServices): Promise<ApiOperation[]> {
  const document = (await services.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, DocumentOperation>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      access: parseAccess(operation.description),
      params: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''),
      multipart: Object.keys(operation.requestBody?.content ?? {}).includes('multipart/form-data'),
      body: operation.requestBody?.content?.['application/json']?.schema,
      query: (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => ({
          name: parameter.name,
          required: parameter.required === true,
          schema: parameter.schema ?? {},
        })),
    })),
  );
}

function parseAccess(description: string | undefined): Access {
  const rule = /\*\*Who may call:\*\* (.*)/.exec(description ?? '')?.[1] ?? '';
  if (rule.startsWith('Anyone')) return 'public';
  if (rule.startsWith('Any signed-in')) return 'signedIn';
  if (rule.startsWith('Super admins')) return 'superAdmin';
  if (rule.startsWith('Admins of the vendor')) return 'vendorAdmin';
  if (rule.startsWith('Members of the vendor')) return 'vendorMember';
  throw new Error(`no access rule in: ${description}`);
}

export const ACTION_ID = 'a1';
export const triggerDefinition = () =>
  TriggerDefinition.parse({
    name: 'Quote follow-up',
    enabled: false,
    event: 'JobQuoteSent',
    targetKind: 'Job',
    actions: [{ id: ACTION_ID, type: 'Job_AddNote', params: { text: 'Followed up.' } }],
  });

type Team = Awaited<ReturnType<typeof createVendorTeam>>;

/**
 * A switched-off trigger of the team's with an event, a run Scheduled for an hour from now and an
 * unused attachment; `tag` starts the keys that must be unique.
 */
export async function insertTriggerWithRun(db: Db, team: Team, tag: string) {
  const now = new Date();
  const trigger = await insertTrigger(db, {
    vendorId: team.vendor.id,
    definition: triggerDefinition(),
    userId: team.admin.id,
    now,
  });
  const [event] = await db
    .insert(automationEvents)
    .values({
      vendorId: team.vendor.id,
      event: 'JobQuoteSent',
      occurrenceKey: `${tag}-${trigger.id}`,
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
  if (!run) throw new Error('the run was not stored');
  const attachment = await insertTriggerAttachment(db, {
    vendorId: team.vendor.id,
    triggerId: trigger.id,
    actionId: ACTION_ID,
    fileName: 'brochure.pdf',
    contentType: 'application/pdf',
    size: 10,
    storageName: `${tag}-${trigger.id}`,
  });
  return { trigger, run, attachment };
}

/** A business with an Admin, a User and one record of every kind a path can name. */
export async function createTenant(services: TestServices, name: string) {
  const db = services.deps.database.db;
  const team = await createVendorTeam(services.deps, name);
  const now = new Date();
  const { trigger, run, attachment } = await insertTriggerWithRun(db, team, 'sweep');
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
    createdAt: now,
  });
  const noticeId = await insertTestNotice(db, team, now);
  const optOut = {
    vendorId: team.vendor.id,
    clientUuid: `client-${team.vendor.id}`,
    contactName: 'Client',
    email: 'c@example.com',
  };
  await insertOptOut(db, { ...optOut, optedOutAt: now });
  const identity = { accountUuid: `account-${team.vendor.id}`, staffUuid: `staff-${team.vendor.id}` };
  await insertIdentity(db, { ...identity, userId: team.user.id, accountName: name, staffName: team.user.firstName });
  const apiKey = await insertApiKey(db, {
    vendorId: team.vendor.id,
    name: 'Sweep key',
    scope: 'read',
    keyHash: `sweep-${team.vendor.id}`,
    start: 'atm_live_swee',
    createdByUserId: team.admin.id,
    createdAt: now,
  });
  /** Path parameter → this tenant's record; a name missing here fails the sweep for its routes. */
  const ids: Record<string, string> = {
    id: team.vendor.id,
    vendorId: team.vendor.id,
    userId: team.user.id,
    triggerId: trigger.id,
    runId: run.id,
    actionId: ACTION_ID,
    attachmentId: attachment.id,
    templateId: template.id,
    invitationId: invitation.id,
    noticeId,
    accountUuid: identity.accountUuid,
    staffUuid: identity.staffUuid,
    clientUuid: optOut.clientUuid,
    keyId: apiKey.id,
  };
  return { ...team, ids };
}
