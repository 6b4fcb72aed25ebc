import {
  DryRunRequest,
  DryRunResult,
  SearchQuery,
  searchPage,
  successEnvelope,
  TRIGGER_ATTACHMENT_LIMITS,
  Trigger,
  TriggerAttachment,
  TriggerDefinition,
  TriggerRun,
  TriggerRunDetail,
  TriggerSummary,
} from '@automate/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { access, requireCaller, requireVendorScope } from '../../http/access.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import { dryRunTrigger } from '../automation/dry-run.service.ts';
import { cancelTriggerRun, getTriggerRun, listTriggerRuns } from './trigger-runs.service.ts';
import {
  ATTACHMENT_TOO_LARGE,
  type AttachmentUpload,
  addTriggerAttachment,
  changeTrigger,
  createTrigger,
  getTrigger,
  listTriggers,
  removeTrigger,
  removeTriggerAttachment,
} from './triggers.service.ts';

const tags = ['Trigger'];
const config = { access: access.vendorMember('vendorId') };
const base = '/vendor/:vendorId/Trigger';

const VendorParams = z.object({ vendorId: z.string() });
// A uuid, so the static segments (`search`, `runs`) can never be taken for a trigger id.
const TriggerParams = VendorParams.extend({ triggerId: z.uuid('triggerId is not a valid id.') });
const RunParams = VendorParams.extend({ runId: z.uuid('runId is not a valid id.') });
const ActionParams = TriggerParams.extend({
  actionId: z.string().trim().min(1, 'actionId is required.').max(64, 'actionId is too long to be an action id.'),
});
const AttachmentParams = ActionParams.extend({ attachmentId: z.uuid('attachmentId is not a valid id.') });

function recordSubject(subject: { jobUuid?: string; clientUuid?: string; formResponseUuid?: string }) {
  return {
    jobUuid: subject.jobUuid ?? null,
    clientUuid: subject.clientUuid ?? null,
    formResponseUuid: subject.formResponseUuid ?? null,
  };
}

const MAX_MB = TRIGGER_ATTACHMENT_LIMITS.maxBytes / 1024 / 1024;

/** The vendor's triggers and their runs, under /vendor/{vendorId}. */
export function triggerRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: TRIGGER_ATTACHMENT_LIMITS.maxBytes, files: 1, fields: 5 },
    });

    app.get(
      `${base}/search`,
      {
        config,
        schema: {
          tags,
          summary: "Search the vendor's triggers",
          description:
            'Filterable: name, event, enabled, createdAt, updatedAt. Sortable: those and lastRunAt (the newest run). Default: name ascending.',
          params: VendorParams,
          querystring: SearchQuery,
          response: { 200: successEnvelope(searchPage(TriggerSummary)) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await listTriggers(deps, requireVendorScope(request).id, request.query),
      }),
    );

    app.post(
      base,
      {
        config,
        schema: {
          tags,
          summary: 'Create a trigger',
          description:
            'Every badge, queue, category, form, field, material, email template and file the definition names must exist (and be active in ServiceM8). Enabling needs a ServiceM8 connection.',
          params: VendorParams,
          body: TriggerDefinition,
          response: { 201: successEnvelope(Trigger) },
        },
      },
      async (request, reply) => {
        const data = await createTrigger(deps, requireCaller(request), requireVendorScope(request).id, request.body);
        return reply.status(201).send({ success: true as const, data, message: 'The trigger was created.' });
      },
    );

    app.get(
      `${base}/runs`,
      {
        config,
        schema: {
          tags,
          summary: "Search the vendor's trigger runs",
          description:
            'Filterable: status, triggerId, triggerName, jobNumber, event, createdAt, dueAt, startedAt, finishedAt. Default: createdAt descending.',
          params: VendorParams,
          querystring: SearchQuery,
          response: { 200: successEnvelope(searchPage(TriggerRun)) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await listTriggerRuns(deps, { vendorId: requireVendorScope(request).id }, request.query),
      }),
    );

    app.get(
      `${base}/runs/:runId`,
      {
        config,
        schema: {
          tags,
          summary: 'Read a run with its step log',
          params: RunParams,
          response: { 200: successEnvelope(TriggerRunDetail) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await getTriggerRun(deps, requireVendorScope(request).id, request.params.runId),
      }),
    );

    app.get(
      `${base}/runs/:runId/cancel`,
      {
        config,
        schema: {
          tags,
          summary: 'Cancel a scheduled run',
          description: 'Only a run that has not started (Scheduled) can be cancelled; otherwise 409 says why not.',
          params: RunParams,
          response: { 200: successEnvelope(TriggerRun) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await cancelTriggerRun(
          deps,
          requireCaller(request),
          requireVendorScope(request).id,
          request.params.runId,
        ),
        message: 'The run was cancelled.',
      }),
    );

    const dryRunDescription =
      'Evaluates the conditions against a record read fresh from ServiceM8 and plans every action (rendered texts, recipients) without performing any. Give jobUuid, clientUuid or formResponseUuid.';
    app.post(
      `${base}/dryrun`,
      {
        config,
        schema: {
          tags,
          summary: 'Test an unsaved trigger definition on a record',
          description: dryRunDescription,
          params: VendorParams,
          body: DryRunRequest,
          response: { 200: successEnvelope(DryRunResult) },
        },
      },
      async (request) => {
        const { definition, ...subject } = request.body;
        if (!definition) throw invalidField('definition', 'definition is required: give the trigger to test.');
        return {
          success: true as const,
          data: await dryRunTrigger(deps, requireVendorScope(request).id, null, definition, recordSubject(subject)),
        };
      },
    );

    app.post(
      `${base}/:triggerId/dryrun`,
      {
        config,
        schema: {
          tags,
          summary: 'Test a trigger on a record, without side effects',
          description: `${dryRunDescription} The body's definition, when given, is tested instead of the saved one.`,
          params: TriggerParams,
          body: DryRunRequest,
          response: { 200: successEnvelope(DryRunResult) },
        },
      },
      async (request) => {
        const vendorId = requireVendorScope(request).id;
        const { definition, ...subject } = request.body;
        const tested = definition ?? (await getTrigger(deps, vendorId, request.params.triggerId)).definition;
        return {
          success: true as const,
          data: await dryRunTrigger(deps, vendorId, request.params.triggerId, tested, recordSubject(subject)),
        };
      },
    );

    app.get(
      `${base}/:triggerId`,
      {
        config,
        schema: { tags, summary: 'Read a trigger', params: TriggerParams, response: { 200: successEnvelope(Trigger) } },
      },
      async (request) => ({
        success: true as const,
        data: await getTrigger(deps, requireVendorScope(request).id, request.params.triggerId),
      }),
    );

    app.post(
      `${base}/:triggerId`,
      {
        config,
        schema: {
          tags,
          summary: 'Change a trigger',
          description:
            'The body is the whole definition (also to enable or disable it); it becomes the next version. Checked like a new trigger.',
          params: TriggerParams,
          body: TriggerDefinition,
          response: { 200: successEnvelope(Trigger) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await changeTrigger(
          deps,
          requireCaller(request),
          { vendorId: requireVendorScope(request).id, triggerId: request.params.triggerId },
          request.body,
        ),
        message: 'Saved.',
      }),
    );

    app.delete(
      `${base}/:triggerId`,
      {
        config,
        schema: {
          tags,
          summary: 'Delete a trigger',
          description: 'Its versions, runs and attachments are deleted with it.',
          params: TriggerParams,
          response: { 200: successEnvelope(z.null()) },
        },
      },
      async (request) => {
        await removeTrigger(deps, { vendorId: requireVendorScope(request).id, triggerId: request.params.triggerId });
        return { success: true as const, data: null, message: 'The trigger was deleted.' };
      },
    );

    app.get(
      `${base}/:triggerId/runs`,
      {
        config,
        schema: {
          tags,
          summary: "Search one trigger's runs",
          description: 'The same query as `Trigger/runs`, limited to this trigger.',
          params: TriggerParams,
          querystring: SearchQuery,
          response: { 200: successEnvelope(searchPage(TriggerRun)) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await listTriggerRuns(
          deps,
          { vendorId: requireVendorScope(request).id, triggerId: request.params.triggerId },
          request.query,
        ),
      }),
    );

    app.post(
      `${base}/:triggerId/action/:actionId/attachment`,
      {
        config,
        schema: {
          tags,
          summary: 'Upload the file of a Job_SendAttachment action',
          description: `Multipart form data with the file in a field named \`file\`: PDF, PNG, JPEG, GIF, text, CSV, Word or Excel, at most ${MAX_MB} MB. The action may be one not saved yet (then save it with the returned id as \`attachmentId\`); an existing action must be a Job_SendAttachment.`,
          params: ActionParams,
          response: { 201: successEnvelope(TriggerAttachment) },
        },
      },
      async (request, reply) => {
        const data = await addTriggerAttachment(
          deps,
          {
            vendorId: requireVendorScope(request).id,
            triggerId: request.params.triggerId,
            actionId: request.params.actionId,
          },
          () => readUploadedFile(request),
        );
        return reply.status(201).send({ success: true as const, data, message: 'The file was uploaded.' });
      },
    );

    app.delete(
      `${base}/:triggerId/action/:actionId/attachment/:attachmentId`,
      {
        config,
        schema: {
          tags,
          summary: 'Delete an uploaded file',
          description: 'Refused (409) while an action of the trigger still uses the file.',
          params: AttachmentParams,
          response: { 200: successEnvelope(z.null()) },
        },
      },
      async (request) => {
        await removeTriggerAttachment(deps, {
          vendorId: requireVendorScope(request).id,
          triggerId: request.params.triggerId,
          actionId: request.params.actionId,
          attachmentId: request.params.attachmentId,
        });
        return { success: true as const, data: null, message: 'The file was deleted.' };
      },
    );
  };
}

async function readUploadedFile(request: FastifyRequest): Promise<AttachmentUpload> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart form data, in a field named file.');
  }
  const file = await request.file();
  if (!file) throw new AppError('BAD_REQUEST', 'The upload holds no file: send it in a field named file.');
  try {
    const bytes = new Uint8Array(await file.toBuffer());
    return { fileName: file.filename, contentType: file.mimetype, bytes };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_TOO_LARGE);
    }
    throw error;
  }
}
