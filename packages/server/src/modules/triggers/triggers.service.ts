import { randomUUID } from 'node:crypto';
import {
  ACTION_TEXT_PARAMS,
  actionName,
  definitionIssues,
  referencesOf,
  type SearchPage,
  type SearchQuery,
  TRIGGER_ATTACHMENT_LIMITS,
  type Trigger,
  type TriggerAttachment,
  type TriggerAttention,
  type TriggerDefinition,
  type TriggerSummary,
} from '@automate/contract';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { checkMergeText } from '../../engine/messages/render-merge-text.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, invalidField, notFound } from '../../http/app-error.ts';
import { sealDefinitionSecrets } from '../../security/sealed-values.ts';
import { detectImageType } from '../../storage/image-type.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { limitSentence, planLimitsOf } from '../billing/checkout.service.ts';
import { existingEmailTemplateIds } from '../email-templates/email-templates.service.ts';
import { referenceItemsAmong } from '../servicem8/reference-items.service.ts';
import { findVendor } from '../vendors/vendors.service.ts';
import { ATTACHMENT_FILE_PREFIX, removeStoredFiles } from './attachment-files.ts';
import { describeTriggerChanges } from './trigger-changes.ts';
import { type AvailableSm8Item, findMissingReferences, type Sm8ReferenceKind } from './trigger-references.ts';
import {
  claimPendingAttachments,
  countEnabledTriggers,
  deleteTrigger,
  deleteTriggerAttachment,
  findTrigger,
  findTriggerAttachment,
  insertTrigger,
  insertTriggerAttachment,
  insertTriggerVersion,
  listPendingAttachmentIds,
  listTriggerAttachments,
  listTriggerDefinitions,
  lockVendorAttachments,
  searchTriggers,
  sumVendorAttachmentBytes,
  type TriggerAttachmentRow,
  type TriggerRow,
  type TriggerSummaryRow,
  updateTriggerDefinition,
} from './triggers.repository.ts';

/**
 * A vendor's triggers: saved with a version history, checked against the vendor's
 * ServiceM8 reference data, email templates and uploaded files, and the files for Job_SendAttachment.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRIGGER = 'The trigger';
const ATTACHMENT = 'The attachment';

type TriggerKey = { vendorId: string; triggerId: string };

function toAttachment(row: TriggerAttachmentRow): TriggerAttachment {
  return {
    id: row.id,
    actionId: row.actionId,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

function toTrigger(row: TriggerRow, attachments: TriggerAttachmentRow[]): Trigger {
  return {
    id: row.id,
    vendorId: row.vendorId,
    version: row.version,
    definition: row.definition,
    attachments: attachments.map(toAttachment),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSummary(row: TriggerSummaryRow): TriggerSummary {
  return {
    ...row,
    lastRunAt: row.lastRunAt ? row.lastRunAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * When each of the vendor's triggers last ran (trigger id → time). The automation module keeps the runs
 * and sits above this one, so app.ts hands this in.
 */
export type LastRunTimes = (db: Db, vendorId: string) => Promise<ReadonlyMap<string, Date>>;

export async function listTriggers(
  deps: Deps,
  vendorId: string,
  query: SearchQuery,
  lastRunTimes: LastRunTimes,
): Promise<SearchPage<TriggerSummary>> {
  const db = deps.database.db;
  const page = await searchTriggers(db, vendorId, query, await lastRunTimes(db, vendorId));
  return { ...page, rows: page.rows.map(toSummary) };
}

/**
 * The vendor's triggers whose definitions break a rule of their event (a job action on a client event,
 * a merge field that does not exist): saved before the rule was checked, they fail on every run until
 * someone changes them, so they are listed rather than changed.
 */
export async function triggersNeedingAttention(deps: Deps, vendorId: string): Promise<TriggerAttention[]> {
  const rows = await listTriggerDefinitions(deps.database.db, vendorId);
  return rows.flatMap(({ id, definition }) => {
    const problems = definitionIssues(definition).map((issue) => issue.message);
    return problems.length === 0 ? [] : [{ id, name: definition.name, enabled: definition.enabled, problems }];
  });
}

export async function getTrigger(deps: Deps, vendorId: string, triggerId: string): Promise<Trigger> {
  const db = deps.database.db;
  const row = await findTrigger(db, { vendorId, triggerId });
  if (!row) throw notFound(TRIGGER);
  return toTrigger(row, await listTriggerAttachments(db, { vendorId, triggerId }));
}

/** Saves a new trigger at version 1 (and its first history row). */
export async function createTrigger(
  deps: Deps,
  caller: Caller,
  vendorId: string,
  definition: TriggerDefinition,
): Promise<Trigger> {
  return deps.database.db.transaction((tx) => createTriggerIn(tx, deps, caller, vendorId, definition));
}

/** `createTrigger` inside the caller's transaction (a template's copy, with the email templates it adds). */
export async function createTriggerIn(
  tx: Db,
  deps: Pick<Deps, 'clock' | 'keys'>,
  caller: Caller,
  vendorId: string,
  written: TriggerDefinition,
): Promise<Trigger> {
  const { definition, foreign } = sealDefinitionSecrets(deps.keys.storageEncryptionKey, vendorId, written);
  const pending = await listPendingAttachmentIds(tx, vendorId, deps.clock.now());
  await checkDefinition(tx, vendorId, definition, new Set(pending), { now: deps.clock.now(), foreign });
  const row = await insertTrigger(tx, { vendorId, definition, userId: caller.id, now: deps.clock.now() });
  await keepVersion(tx, row, caller);
  await recordAudit(tx, caller, deps.clock.now(), {
    action: 'trigger.create',
    summary: `Created “${definition.name}”${definition.enabled ? ', switched on' : ''}.`,
    vendorId,
    triggerId: row.id,
    after: definition,
  });
  await claimAttachmentsOf(tx, { vendorId, triggerId: row.id }, definition, pending);
  return toTrigger(row, await listTriggerAttachments(tx, { vendorId, triggerId: row.id }));
}

/** The pending files (uploaded before the trigger was saved) that the definition names become the trigger's. */
function claimAttachmentsOf(tx: Db, key: TriggerKey, definition: TriggerDefinition, pending: readonly string[]) {
  const named = referencesOf(definition).flatMap((reference) =>
    reference.kind === 'attachment' && pending.includes(reference.id) ? [reference.id] : [],
  );
  return claimPendingAttachments(tx, { ...key, ids: named });
}

/** The history row of the version the trigger row is now at. */
function keepVersion(tx: Db, row: TriggerRow, caller: Caller): Promise<void> {
  return insertTriggerVersion(tx, {
    triggerId: row.id,
    version: row.version,
    definition: row.definition,
    userId: caller.id,
    savedAt: row.updatedAt,
  });
}

/** Replaces the definition: the next version, with its history row, in one transaction. */
export async function changeTrigger(
  deps: Deps,
  caller: Caller,
  key: TriggerKey,
  written: TriggerDefinition,
): Promise<Trigger> {
  const { definition, foreign } = sealDefinitionSecrets(deps.keys.storageEncryptionKey, key.vendorId, written);
  return deps.database.db.transaction(async (tx) => {
    const previous = await findTrigger(tx, key, { lock: true });
    if (!previous) throw notFound(TRIGGER);
    const own = (await listTriggerAttachments(tx, key)).map((attachment) => attachment.id);
    const pending = await listPendingAttachmentIds(tx, key.vendorId, deps.clock.now());
    await checkDefinition(tx, key.vendorId, definition, new Set([...own, ...pending]), {
      now: deps.clock.now(),
      triggerId: key.triggerId,
      foreign,
    });
    const row = await updateTriggerDefinition(tx, key, definition, deps.clock.now());
    if (!row) throw notFound(TRIGGER);
    await keepVersion(tx, row, caller);
    await recordChange(tx, deps, caller, key, { before: previous.definition, after: definition });
    await claimAttachmentsOf(tx, key, definition, pending);
    return toTrigger(row, await listTriggerAttachments(tx, key));
  });
}

/** The activity entry of a save: switching on or off is its own action, with whatever else changed. */
function recordChange(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  caller: Caller,
  key: TriggerKey,
  { before, after }: { before: TriggerDefinition; after: TriggerDefinition },
): Promise<void> {
  const changes = describeTriggerChanges(before, after);
  const switched = before.enabled !== after.enabled;
  const action = !switched ? 'trigger.change' : after.enabled ? 'trigger.enable' : 'trigger.disable';
  const what = changes.length > 0 ? changes.join(' ') : 'Saved without changes.';
  return recordAudit(tx, caller, deps.clock.now(), {
    action,
    summary: `“${after.name}”: ${what}`,
    vendorId: key.vendorId,
    triggerId: key.triggerId,
    before,
    after,
  });
}

/** Deletes the trigger with its versions, runs and attachments (their bytes once the rows are gone). */
export async function removeTrigger(deps: Deps, caller: Caller, key: TriggerKey): Promise<void> {
  const files = await deps.database.db.transaction(async (tx) => {
    const trigger = await findTrigger(tx, key, { lock: true });
    if (!trigger) throw notFound(TRIGGER);
    const attachments = await listTriggerAttachments(tx, key);
    if (!(await deleteTrigger(tx, key))) throw notFound(TRIGGER);
    await recordAudit(tx, caller, deps.clock.now(), {
      action: 'trigger.delete',
      summary: `Deleted “${trigger.definition.name}”.`,
      vendorId: key.vendorId,
      triggerId: key.triggerId,
      before: trigger.definition,
    });
    return attachments.map((attachment) => attachment.storageName);
  });
  await removeStoredFiles(deps, files);
}

/**
 * Refuses a definition that cannot run: a header value sealed for another vendor, one enabled while the vendor has no ServiceM8 connection, a
 * text that is not a valid template, or one that names records that do not exist (every problem is
 * listed, keyed by its field path). The rules of its event were checked with the body.
 */
async function checkDefinition(
  db: Db,
  vendorId: string,
  definition: TriggerDefinition,
  attachmentIds: ReadonlySet<string>,
  saving: { now: Date; triggerId?: string; foreign: readonly string[] },
): Promise<void> {
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => {
    errors[path] = [...(errors[path] ?? []), message];
  };
  for (const path of saving.foreign) {
    add(
      path,
      'Header value: write the value again; the one given was kept secret for another business and cannot be used here.',
    );
  }

  const vendor = await findVendor(db, vendorId);
  if (definition.enabled && !vendor?.sm8Connected) {
    add('enabled', 'Connect your ServiceM8 account before enabling a trigger; until then it can be saved disabled.');
  }
  if (definition.enabled) {
    const planLimit = await planLimitsOf(db, vendorId, saving.now);
    const othersEnabled = planLimit
      ? await countEnabledTriggers(db, { vendorId, ...(saving.triggerId ? { exceptId: saving.triggerId } : {}) })
      : 0;
    if (planLimit && othersEnabled >= planLimit.plan.maxActiveTriggers) {
      add(
        'enabled',
        `${limitSentence(planLimit.plan, 'activeTriggers')}: switch another off, or change plan, to enable this one.`,
      );
    }
  }

  definition.actions.forEach((action, index) => {
    const params = action.params as Record<string, unknown>;
    for (const [param, label] of Object.entries(ACTION_TEXT_PARAMS[action.type] ?? {})) {
      const text = params[param];
      const problem = typeof text === 'string' ? checkMergeText(text) : null;
      if (problem) add(`actions.${index}.params.${param}`, `${actionName(index, action.type)}, ${label}: ${problem}`);
    }
  });

  const references = referencesOf(definition);
  if (references.length > 0) {
    const uuids = new Set<string>();
    const templateIds = new Set<string>();
    for (const reference of references) {
      if ('uuid' in reference) uuids.add(reference.uuid);
      if (reference.kind === 'formfield') uuids.add(reference.formUuid);
      if (reference.kind === 'emailTemplate' && UUID.test(reference.id)) templateIds.add(reference.id);
    }
    const [items, templates] = await Promise.all([
      referenceItemsAmong(db, { vendorId, uuids: [...uuids] }),
      existingEmailTemplateIds(db, { vendorId, ids: [...templateIds] }),
    ]);
    const sm8: AvailableSm8Item[] = items
      .filter((item) => item.kind !== 'staff')
      .map((item) => ({
        kind: item.kind as Sm8ReferenceKind,
        uuid: item.uuid,
        name: item.name,
        active: item.active,
        formUuid: typeof item.details.formUuid === 'string' ? item.details.formUuid : undefined,
      }));
    for (const problem of findMissingReferences(definition, {
      sm8,
      emailTemplateIds: new Set(templates),
      attachmentIds,
    })) {
      add(problem.path, problem.message);
    }
  }

  const sentences = Object.values(errors).flat();
  if (sentences.length === 0) return;
  const message =
    sentences.length === 1
      ? (sentences[0] ?? '')
      : `The trigger has ${sentences.length} problems: ${sentences.join(' ')}`;
  throw new AppError('VALIDATION_FAILED', message, { fieldErrors: errors });
}

// ---------------------------------------------------------------------------------------------
// Attachments

/** An uploaded file as the route read it. */
export type AttachmentUpload = { fileName: string; contentType: string; bytes: Uint8Array };

const TYPE_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const ALLOWED_TYPES: readonly string[] = TRIGGER_ATTACHMENT_LIMITS.contentTypes;
const MAX_MB = TRIGGER_ATTACHMENT_LIMITS.maxBytes / 1024 / 1024;

export const ATTACHMENT_TOO_LARGE = `The file is larger than ${MAX_MB} MB.`;

/** What all of a vendor's files (its triggers' and the pending ones) may take together. */
const ATTACHMENT_QUOTA_BYTES = 100 * 1024 * 1024;

function megabytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;
}

function overQuota(usedBytes: number, fileBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `Your files may take ${megabytes(ATTACHMENT_QUOTA_BYTES)} in all and take ${megabytes(usedBytes)} now, so this one (${megabytes(fileBytes)}) does not fit. Delete files your triggers no longer use, then upload it again.`,
  );
}

/** How long a file uploaded for a trigger not saved yet waits for the trigger to be saved. */
const PENDING_ATTACHMENT_MS = 24 * 60 * 60 * 1000;

/**
 * Stores a file for a Job_SendAttachment action. The action may be one the trigger does not have
 * yet (the editor uploads the file before it can save the action that names it), but an existing
 * action of another type is refused. Without a trigger (`triggerId` null: one not saved yet) the file
 * is pending for 24 hours: saving a trigger that names it makes it the trigger's. `readUpload` is
 * called once the trigger and action are known.
 */
export async function addTriggerAttachment(
  deps: Deps,
  key: { vendorId: string; triggerId: string | null; actionId: string },
  readUpload: () => Promise<AttachmentUpload>,
): Promise<TriggerAttachment> {
  const db = deps.database.db;
  if (key.triggerId) {
    const trigger = await findTrigger(db, { vendorId: key.vendorId, triggerId: key.triggerId });
    if (!trigger) throw notFound(TRIGGER);
    const index = trigger.definition.actions.findIndex((item) => item.id === key.actionId);
    const action = trigger.definition.actions[index];
    if (action && action.type !== 'Job_SendAttachment') {
      throw invalidField(
        'actionId',
        `${actionName(index, action.type)} does not send a file; files can only be added to “Email a file to the job contact”.`,
      );
    }
  }

  const upload = await readUpload();
  const fileName = cleanFileName(upload.fileName);
  if (upload.bytes.length === 0) throw invalidField('file', 'The file is empty.');
  if (upload.bytes.length > TRIGGER_ATTACHMENT_LIMITS.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_TOO_LARGE);
  }
  const contentType = resolveContentType(upload.contentType, fileName);
  if (!ALLOWED_TYPES.includes(contentType)) {
    throw invalidField(
      'file',
      `Files of type ${contentType} cannot be attached; use PDF, images, text, Word or Excel files.`,
    );
  }
  if (!contentMatches(contentType, upload.bytes)) {
    throw invalidField('file', `The file says it is ${contentType}, but its content is not. Check the file.`);
  }

  const storageName = `${ATTACHMENT_FILE_PREFIX}${randomUUID()}`;
  const now = deps.clock.now();
  let stored = false;
  try {
    const row = await db.transaction(async (tx) => {
      await lockVendorAttachments(tx, key.vendorId);
      const used = await sumVendorAttachmentBytes(tx, key.vendorId, now);
      if (used + upload.bytes.length > ATTACHMENT_QUOTA_BYTES) throw overQuota(used, upload.bytes.length);
      await deps.files.put(storageName, upload.bytes);
      stored = true;
      return insertTriggerAttachment(tx, {
        vendorId: key.vendorId,
        triggerId: key.triggerId,
        expiresAt: key.triggerId ? null : new Date(now.getTime() + PENDING_ATTACHMENT_MS),
        actionId: key.actionId,
        fileName,
        contentType,
        size: upload.bytes.length,
        storageName,
      });
    });
    return toAttachment(row);
  } catch (error) {
    if (stored) await removeStoredFiles(deps, [storageName]);
    throw error;
  }
}

/** Deletes an attachment with its bytes, refused while an action of the current definition uses it. */
export async function removeTriggerAttachment(
  deps: Deps,
  key: TriggerKey & { actionId: string; attachmentId: string },
): Promise<void> {
  const file = await deps.database.db.transaction(async (tx) => {
    const trigger = await findTrigger(tx, key, { lock: true });
    if (!trigger) throw notFound(TRIGGER);
    const attachment = await findTriggerAttachment(tx, key);
    if (!attachment || attachment.triggerId !== key.triggerId || attachment.actionId !== key.actionId) {
      throw notFound(ATTACHMENT);
    }
    const users = trigger.definition.actions
      .map((item, index) => ({ item, index }))
      .filter(({ item }) => item.type === 'Job_SendAttachment' && item.params.attachmentId === key.attachmentId);
    const user = users[0];
    if (user) {
      throw new AppError(
        'CONFLICT',
        `The file "${attachment.fileName}" is still used by ${actionName(user.index, user.item.type)}. Choose another file for that action, or remove the action, and save the trigger first.`,
      );
    }
    return deleteTriggerAttachment(tx, key);
  });
  await removeStoredFiles(deps, file ? [file] : []);
}

/** Deletes a pending file (uploaded for a trigger not saved yet): the editor replaced or removed it. */
export async function removePendingAttachment(
  deps: Deps,
  key: { vendorId: string; actionId: string; attachmentId: string },
): Promise<void> {
  const db = deps.database.db;
  const attachment = await findTriggerAttachment(db, key);
  if (!attachment || attachment.triggerId !== null || attachment.actionId !== key.actionId) throw notFound(ATTACHMENT);
  const file = await deleteTriggerAttachment(db, key);
  await removeStoredFiles(deps, file ? [file] : []);
}

/** The bytes of an uploaded attachment of the vendor, for the engine; null when it or its file is gone. */
export async function readTriggerAttachment(
  deps: Deps,
  vendorId: string,
  attachmentId: string,
): Promise<{ fileName: string; contentType: string; bytes: Uint8Array } | null> {
  if (!UUID.test(attachmentId)) return null;
  const row = await findTriggerAttachment(deps.database.db, { vendorId, attachmentId });
  if (!row) return null;
  const bytes = await deps.files.get(row.storageName);
  if (!bytes) return null;
  return { fileName: row.fileName, contentType: row.contentType, bytes };
}

/** The file's own name, without any folder, control characters or excess length. */
function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
  return base || 'attachment';
}

/** The declared type without parameters; a generic or missing one is taken from the file's extension. */
function resolveContentType(declared: string, fileName: string): string {
  const type = (declared.split(';')[0] ?? '').trim().toLowerCase();
  if (type && type !== 'application/octet-stream') return type;
  const extension = fileName.includes('.') ? (fileName.split('.').pop() ?? '').toLowerCase() : '';
  return TYPE_BY_EXTENSION[extension] ?? (type || 'unknown');
}

/** PDFs and images must really be what they say (their first bytes); other types are taken as declared. */
function contentMatches(contentType: string, bytes: Uint8Array): boolean {
  if (contentType === 'application/pdf') return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
  if (contentType.startsWith('image/')) return detectImageType(bytes)?.contentType === contentType;
  return true;
}
