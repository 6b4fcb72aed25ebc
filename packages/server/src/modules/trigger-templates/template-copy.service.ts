import {
  describeUnresolved,
  EMAIL_TEMPLATE_LIMITS,
  namedRecordsOf,
  resolveNamedRecords,
  type TemplateCopy,
  type TemplateCopyRequest,
  type TriggerAction,
  type TriggerDefinition,
  type VendorRecord,
  withVendorRecords,
} from '@automate/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { AppError } from '../../http/app-error.ts';
import { addEmailTemplateWithFreeName } from '../email-templates/email-templates.service.ts';
import { type CreatableReferenceKind, createReferenceItem } from '../servicem8/reference-create.service.ts';
import { referenceItemsOf } from '../servicem8/reference-items.service.ts';
import { createTriggerIn } from '../triggers/triggers.service.ts';
import { findVisibleTemplate } from './trigger-templates.service.ts';

type CopyRequest = z.output<typeof TemplateCopyRequest>;
type Created = TemplateCopy['created'][number];

/**
 * Copies a template for a vendor: each record it names becomes the vendor's record of that name
 * (ignoring case), the one `mappings` names, or, with `createMissing`, a badge or queue created in
 * ServiceM8. Anything left unmatched refuses the copy (409) with the vendor's candidates, before
 * anything is created. The copy is a new, disabled trigger; its emails become vendor email templates.
 */
export async function copyTemplate(
  deps: Deps,
  caller: Caller,
  { templateId, vendorId }: { templateId: string; vendorId: string },
  request: CopyRequest,
): Promise<TemplateCopy> {
  const template = await findVisibleTemplate(deps, caller, templateId);
  const records = namedRecordsOf(template.definition);
  const vendorRecords: VendorRecord[] = (await referenceItemsOf(deps.database.db, vendorId)).map((item) => ({
    kind: item.kind,
    uuid: item.uuid,
    name: item.name,
    active: item.active,
    formUuid: typeof item.details.formUuid === 'string' ? item.details.formUuid : undefined,
  }));
  const { uuids, unresolved, badMappings } = resolveNamedRecords(records, vendorRecords, request.mappings);

  const mappingProblems = Object.values(badMappings);
  if (mappingProblems.length > 0) {
    throw new AppError('VALIDATION_FAILED', mappingProblems.join(' '), {
      fieldErrors: Object.fromEntries(
        Object.entries(badMappings).map(([key, message]) => [`mappings.${key}`, [message]]),
      ),
    });
  }
  const toCreate = request.createMissing ? unresolved.filter((item) => item.creatable) : [];
  if (toCreate.length < unresolved.length) {
    const missing = unresolved.filter((item) => !toCreate.includes(item));
    const creatable = missing.some((item) => item.creatable);
    throw new AppError(
      'CONFLICT',
      `Your ServiceM8 account has no ${describeUnresolved(missing)}. Pick one of yours for ${missing.length === 1 ? 'it' : 'each'}${creatable ? ', or let us create the badges and queues' : ''}.`,
      { unresolved: missing },
    );
  }

  const created: Created[] = [];
  for (const item of toCreate) {
    const kind = item.kind as CreatableReferenceKind;
    const uuid = await createReferenceItem(deps, vendorId, { kind, name: item.name });
    uuids.set(item.key, uuid);
    created.push({ kind, name: item.name, uuid });
  }

  const definition: TriggerDefinition = { ...withVendorRecords(template.definition, records, uuids), enabled: false };
  return deps.database.db.transaction(async (tx) => {
    const emailTemplates = await moveEmailsToTemplates(tx, deps, vendorId, template.title, definition);
    const trigger = await createTriggerIn(tx, deps, caller, vendorId, definition);
    return { trigger, created, emailTemplates };
  });
}

const sendsEmail = (
  action: TriggerAction,
): action is Extract<TriggerAction, { type: 'Job_SendEmail' | 'JobClient_SendEmail' }> =>
  action.type === 'Job_SendEmail' || action.type === 'JobClient_SendEmail';

/**
 * Each email the definition writes out becomes one of the vendor's email templates, named after the
 * template (numbered when it sends several), and the action sends that template: the vendor then edits
 * the text where all their emails are.
 */
async function moveEmailsToTemplates(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  vendorId: string,
  title: string,
  definition: TriggerDefinition,
): Promise<TemplateCopy['emailTemplates']> {
  const emails = definition.actions.filter(sendsEmail);
  const added: TemplateCopy['emailTemplates'] = [];
  const base = title.slice(0, EMAIL_TEMPLATE_LIMITS.nameMax - 20);
  for (const [index, action] of emails.entries()) {
    const name = emails.length === 1 ? base : `${base} (email ${index + 1})`;
    const template = await addEmailTemplateWithFreeName(tx, {
      vendorId,
      input: { name, subject: action.params.subject, body: action.params.body },
      now: deps.clock.now(),
    });
    action.params = { subject: '', body: '', emailTemplateId: template.id };
    added.push({ id: template.id, name: template.name });
  }
  return added;
}
