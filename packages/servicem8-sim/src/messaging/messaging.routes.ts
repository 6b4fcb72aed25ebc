import type { FastifyInstance, FastifyRequest } from 'fastify';
import { holdsAnyScope } from '../auth/scopes.ts';
import { bodyFields, stringField } from '../http/body-parsers.ts';
import { principalOf } from '../http/request-state.ts';
import { restError } from '../http/sm8-error.ts';
import { parseJsonStringArray } from '../objects/field-input.ts';
import { objectType } from '../objects/object-types.ts';
import { accountNow, buildRecord } from '../objects/record.service.ts';
import type { SimContext } from '../sim-context.ts';
import { countSmsCredits, SIGNATURE_TAG, validateEmail, validateSms } from './message-validation.ts';

function messageFields(request: FastifyRequest): Record<string, unknown> {
  const fields = bodyFields(request.body);
  if (!fields) throw restError(400, 'Send the message as JSON or form fields');
  return fields;
}

function requireScope(request: FastifyRequest, scope: string): void {
  if (!holdsAnyScope(principalOf(request).scopes, [scope])) throw restError(403, `${scope} scope required`);
}

/** `regardingJobUUID`, when given, must be a job of the account (the real check is not documented). */
function regardingJob(context: SimContext, fields: Record<string, unknown>): string | null {
  const uuid = stringField(fields, 'regardingJobUUID');
  if (!uuid) return null;
  const job = context.store.get('job', uuid);
  if (!job) throw restError(400, `regardingJobUUID ${uuid} is not a job of this account`);
  return job.uuid;
}

function attachmentList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return parseJsonStringArray(value) ?? value.split(',').map((item) => item.trim());
  throw restError(400, 'attachments must be an array of attachment UUIDs');
}

/** The diary entry: a record of the read-only `sms.json` / `email.json` history. */
function addHistoryRecord(context: SimContext, channel: 'sms' | 'email', fields: Record<string, unknown>): string {
  const now = accountNow(context);
  const record = buildRecord(objectType(channel), { ...fields, direction: 'outbound', timestamp: now }, now);
  context.store.put(channel, record);
  return record.uuid;
}

/** POST /platform_service_sms (scope publish_sms). */
function sendSms(context: SimContext, request: FastifyRequest) {
  requireScope(request, 'publish_sms');
  const fields = messageFields(request);
  const to = stringField(fields, 'to');
  const message = stringField(fields, 'message');
  const problem = validateSms({ to, message });
  if (problem || to === undefined || message === undefined)
    throw restError(400, problem ?? 'to and message are required');
  const jobUuid = regardingJob(context, fields);
  const principal = principalOf(request);
  const uuid = addHistoryRecord(context, 'sms', {
    to,
    message,
    related_object: jobUuid ? 'job' : '',
    related_object_uuid: jobUuid ?? '',
    staff_uuid: principal.staffUuid,
  });
  context.messages.add({
    uuid,
    channel: 'sms',
    at: context.clock.now().toISOString(),
    appId: principal.appId,
    staffUuid: principal.staffUuid,
    to,
    regardingJobUUID: jobUuid,
    message,
    credits: countSmsCredits(message),
  });
  return { success: true };
}

/** POST /platform_service_email (scope publish_email). */
function sendEmail(context: SimContext, request: FastifyRequest) {
  requireScope(request, 'publish_email');
  const fields = messageFields(request);
  const input = {
    to: stringField(fields, 'to'),
    subject: stringField(fields, 'subject'),
    htmlBody: stringField(fields, 'htmlBody'),
    textBody: stringField(fields, 'textBody'),
    cc: stringField(fields, 'cc'),
    replyTo: stringField(fields, 'replyTo'),
  };
  const problem = validateEmail(input);
  if (problem || input.to === undefined || input.subject === undefined)
    throw restError(400, problem ?? 'to and subject are required');
  const usesSignature = SIGNATURE_TAG.test(input.htmlBody ?? '') || SIGNATURE_TAG.test(input.textBody ?? '');
  if (usesSignature && request.headers['x-impersonate-uuid'] === undefined) {
    throw restError(
      400,
      '<platform-user-signature /> needs the x-impersonate-uuid header naming the staff member who signs',
    );
  }
  const attachments = attachmentList(fields.attachments);
  for (const uuid of attachments) {
    if (!context.store.get('attachment', uuid))
      throw restError(400, `attachments: ${uuid} is not an attachment of this account`);
  }
  const jobUuid = regardingJob(context, fields);
  const principal = principalOf(request);
  const uuid = addHistoryRecord(context, 'email', {
    to: input.to,
    cc: input.cc ?? '',
    reply_to: input.replyTo ?? '',
    subject: input.subject,
    html_body: input.htmlBody ?? '',
    text_body: input.textBody ?? '',
    attachments: JSON.stringify(attachments),
    related_object: jobUuid ? 'job' : '',
    related_object_uuid: jobUuid ?? '',
    staff_uuid: principal.staffUuid,
  });
  context.messages.add({
    uuid,
    channel: 'email',
    at: context.clock.now().toISOString(),
    appId: principal.appId,
    staffUuid: principal.staffUuid,
    to: input.to,
    regardingJobUUID: jobUuid,
    subject: input.subject,
    htmlBody: input.htmlBody ?? null,
    textBody: input.textBody ?? null,
    cc: input.cc ?? null,
    replyTo: input.replyTo ?? null,
    attachments,
  });
  return { success: true };
}

/** The Messaging API at the API root (no `/api_1.0`). */
export function registerMessagingRoutes(scope: FastifyInstance, context: SimContext): void {
  scope.post('/platform_service_sms', async (request) => sendSms(context, request));
  scope.post('/platform_service_email', async (request) => sendEmail(context, request));
}
