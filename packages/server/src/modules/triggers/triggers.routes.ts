import {
  SavableTriggerDefinition,
  SearchQuery,
  searchPage,
  TRIGGER_ATTACHMENT_LIMITS,
  Trigger,
  TriggerAttachment,
  TriggerAttention,
  TriggerSummary,
} from '@automate/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { requireCaller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { vendorRoute } from '../../http/vendor-route.ts';
import { TRIGGER_BASE as base, TriggerParams, triggerRoute, VendorParams } from './trigger-paths.ts';
import {
  ATTACHMENT_TOO_LARGE,
  type AttachmentUpload,
  addTriggerAttachment,
  changeTrigger,
  createTrigger,
  getTrigger,
  type LastRunTimes,
  listTriggers,
  removePendingAttachment,
  removeTrigger,
  removeTriggerAttachment,
  triggersNeedingAttention,
} from './triggers.service.ts';

const actionId = z.string().trim().min(1, 'actionId is required.').max(64, 'actionId is too long to be an action id.');
const attachmentId = z.uuid('attachmentId is not a valid id.');
const ActionParams = TriggerParams.extend({ actionId });
const AttachmentParams = ActionParams.extend({ attachmentId });
const PendingActionParams = VendorParams.extend({ actionId });
const PendingAttachmentParams = PendingActionParams.extend({ attachmentId });

const MAX_MB = TRIGGER_ATTACHMENT_LIMITS.maxBytes / 1024 / 1024;
const attachmentUpload = { upload: { field: 'file', description: 'The file, in a field named `file`.' } };

/**
 * The vendor's triggers, under /vendor/{vendorId}. `lastRunTimes` says when each last ran (from the
 * automation module, whose routes read and cancel the runs).
 */
export function triggerRoutes(deps: Deps, { lastRunTimes }: { lastRunTimes: LastRunTimes }): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: TRIGGER_ATTACHMENT_LIMITS.maxBytes, files: 1, fields: 5 },
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'GET',
      url: `${base}/search`,
      summary: "Search the vendor's triggers",
      description:
        'Filterable: name, event, enabled, createdAt, updatedAt. Sortable: those and lastRunAt (the newest run). Default: name ascending.',
      querystring: SearchQuery,
      data: searchPage(TriggerSummary),
      answer: (vendorId, request) => listTriggers(deps, vendorId, request.query, lastRunTimes),
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'GET',
      url: `${base}/attention`,
      summary: 'Triggers that need attention',
      description:
        'Saved triggers that break a rule of their event (saved before it was checked) and so fail when they run, each with its problems. Empty when all is well.',
      data: z.array(TriggerAttention),
      answer: (vendorId) => triggersNeedingAttention(deps, vendorId),
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'POST',
      url: base,
      summary: 'Create a trigger',
      description:
        'Every condition, action and merge field must be one the event gives a value to (a client event has no job), every merge field must exist, and every badge, queue, category, form, field, material, email template and file the definition names must exist (and be active in ServiceM8). Enabling needs a ServiceM8 connection.',
      body: SavableTriggerDefinition,
      data: Trigger,
      status: 201,
      message: 'The trigger was created.',
      answer: (vendorId, request) => createTrigger(deps, requireCaller(request), vendorId, request.body),
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'GET',
      url: `${base}/:triggerId`,
      summary: 'Read a trigger',
      params: TriggerParams,
      data: Trigger,
      answer: (vendorId, request) => getTrigger(deps, vendorId, request.params.triggerId),
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'POST',
      url: `${base}/:triggerId`,
      summary: 'Change a trigger',
      description:
        'The body is the whole definition (also to enable or disable it); it becomes the next version. Checked like a new trigger.',
      params: TriggerParams,
      body: SavableTriggerDefinition,
      data: Trigger,
      message: 'Saved.',
      answer: (vendorId, request) =>
        changeTrigger(deps, requireCaller(request), { vendorId, triggerId: request.params.triggerId }, request.body),
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'DELETE',
      url: `${base}/:triggerId`,
      summary: 'Delete a trigger',
      description: 'Its versions, runs and attachments are deleted with it.',
      params: TriggerParams,
      data: z.null(),
      message: 'The trigger was deleted.',
      answer: async (vendorId, request) => {
        await removeTrigger(deps, requireCaller(request), { vendorId, triggerId: request.params.triggerId });
        return null;
      },
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'POST',
      url: `${base}/:triggerId/action/:actionId/attachment`,
      document: attachmentUpload,
      summary: 'Upload the file of a Job_SendAttachment action',
      description: `Multipart form data with the file in a field named \`file\`: PDF, PNG, JPEG, GIF, text, CSV, Word or Excel, at most ${MAX_MB} MB. The action may be one not saved yet (then save it with the returned id as \`attachmentId\`); an existing action must be a Job_SendAttachment.`,
      params: ActionParams,
      data: TriggerAttachment,
      status: 201,
      message: 'The file was uploaded.',
      answer: (vendorId, request) =>
        addTriggerAttachment(
          deps,
          { vendorId, triggerId: request.params.triggerId, actionId: request.params.actionId },
          () => readUploadedFile(request),
        ),
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'POST',
      url: `${base}/action/:actionId/attachment`,
      document: attachmentUpload,
      summary: 'Upload the file of a Job_SendAttachment action of a trigger not saved yet',
      description: `As \`Trigger/{triggerId}/action/{actionId}/attachment\`, for a trigger being written: the file waits 24 hours for a trigger to be saved that names its id as \`attachmentId\`, which then owns it; unclaimed, it is forgotten.`,
      params: PendingActionParams,
      data: TriggerAttachment,
      status: 201,
      message: 'The file was uploaded.',
      answer: (vendorId, request) =>
        addTriggerAttachment(deps, { vendorId, triggerId: null, actionId: request.params.actionId }, () =>
          readUploadedFile(request),
        ),
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'DELETE',
      url: `${base}/action/:actionId/attachment/:attachmentId`,
      summary: 'Delete a file uploaded for a trigger not saved yet',
      params: PendingAttachmentParams,
      data: z.null(),
      message: 'The file was deleted.',
      answer: async (vendorId, request) => {
        const { actionId, attachmentId } = request.params;
        await removePendingAttachment(deps, { vendorId, actionId, attachmentId });
        return null;
      },
    });

    vendorRoute(app, {
      ...triggerRoute,
      method: 'DELETE',
      url: `${base}/:triggerId/action/:actionId/attachment/:attachmentId`,
      document: { errors: ['CONFLICT'] },
      summary: 'Delete an uploaded file',
      description: 'Refused (409) while an action of the trigger still uses the file.',
      params: AttachmentParams,
      data: z.null(),
      message: 'The file was deleted.',
      answer: async (vendorId, request) => {
        const { triggerId, actionId, attachmentId } = request.params;
        await removeTriggerAttachment(deps, { vendorId, triggerId, actionId, attachmentId });
        return null;
      },
    });
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
