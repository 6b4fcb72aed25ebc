import type { EmailTemplate, EmailTemplateInput } from '@automate/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { checkMergeText } from '../../engine/messages/render-merge-text.ts';
import { AppError, invalidField, notFound } from '../../http/app-error.ts';
import {
  deleteEmailTemplate,
  type EmailTemplateRow,
  findEmailTemplate,
  findEmailTemplateByName,
  findEmailTemplateIds,
  insertEmailTemplate,
  listEmailTemplates as listRows,
  lockEmailTemplateNames,
  updateEmailTemplate,
} from './email-templates.repository.ts';

type Input = z.output<typeof EmailTemplateInput>;

const NOT_FOUND = 'The email template';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toEmailTemplate(row: EmailTemplateRow): EmailTemplate {
  return {
    id: row.id,
    vendorId: row.vendorId,
    name: row.name,
    subject: row.subject,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The subject and the body may use merge fields only, and must parse. */
function checkTexts(input: Input): void {
  for (const [field, label] of [
    ['subject', 'Subject'],
    ['body', 'Body'],
  ] as const) {
    const problem = checkMergeText(input[field]);
    if (problem) throw invalidField(field, `${label}: ${problem}`);
  }
}

/** Names are unique per vendor, ignoring case; call inside the transaction that locked the names. */
async function checkNameFree(tx: Db, vendorId: string, name: string, exceptId?: string): Promise<void> {
  if (await findEmailTemplateByName(tx, { vendorId, name, exceptId })) {
    throw new AppError('CONFLICT', `An email template named "${name}" already exists.`, {
      fieldErrors: { name: ['Name: another email template has this name.'] },
    });
  }
}

export async function listEmailTemplates(deps: Deps, vendorId: string): Promise<EmailTemplate[]> {
  return (await listRows(deps.database.db, { vendorId })).map(toEmailTemplate);
}

export async function getEmailTemplate(deps: Deps, vendorId: string, id: string): Promise<EmailTemplate> {
  const row = await findEmailTemplate(deps.database.db, { vendorId, id });
  if (!row) throw notFound(NOT_FOUND);
  return toEmailTemplate(row);
}

export async function createEmailTemplate(deps: Deps, vendorId: string, input: Input): Promise<EmailTemplate> {
  checkTexts(input);
  return deps.database.db.transaction(async (tx) => {
    await lockEmailTemplateNames(tx, { vendorId });
    await checkNameFree(tx, vendorId, input.name);
    return toEmailTemplate(await insertEmailTemplate(tx, { vendorId, values: input, now: deps.clock.now() }));
  });
}

/**
 * Adds a template inside the caller's transaction under `name`, or, when the vendor already has a
 * template of that name, under the first free "name (2)", "name (3)"… (a copied automation's emails).
 */
export async function addEmailTemplateWithFreeName(
  tx: Db,
  { vendorId, input, now }: { vendorId: string; input: Input; now: Date },
): Promise<EmailTemplate> {
  checkTexts(input);
  await lockEmailTemplateNames(tx, { vendorId });
  let name = input.name;
  for (let n = 2; await findEmailTemplateByName(tx, { vendorId, name }); n++) name = `${input.name} (${n})`;
  return toEmailTemplate(await insertEmailTemplate(tx, { vendorId, values: { ...input, name }, now }));
}

export async function changeEmailTemplate(
  deps: Deps,
  vendorId: string,
  id: string,
  input: Input,
): Promise<EmailTemplate> {
  return deps.database.db.transaction(async (tx) => {
    if (!(await findEmailTemplate(tx, { vendorId, id }))) throw notFound(NOT_FOUND);
    checkTexts(input);
    await lockEmailTemplateNames(tx, { vendorId });
    await checkNameFree(tx, vendorId, input.name, id);
    const row = await updateEmailTemplate(tx, { vendorId, id, values: input, now: deps.clock.now() });
    if (!row) throw notFound(NOT_FOUND);
    return toEmailTemplate(row);
  });
}

/**
 * Finds a trigger that sends the template. Triggers sit above this module, so the composition root
 * (app.ts) hands their lookup in.
 */
export type FindTemplateUser = (
  db: Db,
  where: { vendorId: string; templateId: string },
) => Promise<{ name: string } | undefined>;

/** The subject and body of the vendor's template, for an action that sends it; null when there is none. */
export async function templateToSend(
  db: Db,
  where: { vendorId: string; id: string },
): Promise<{ subject: string; body: string } | null> {
  if (!UUID.test(where.id)) return null;
  const row = await findEmailTemplate(db, where);
  return row ? { subject: row.subject, body: row.body } : null;
}

/** Which of `ids` are email templates of the vendor, e.g. to check the references of a trigger. */
export function existingEmailTemplateIds(db: Db, where: { vendorId: string; ids: readonly string[] }) {
  return findEmailTemplateIds(db, where);
}

/** Refused while a trigger sends the template: the trigger must pick another one first. */
export async function removeEmailTemplate(
  deps: Deps,
  { vendorId, id }: { vendorId: string; id: string },
  findTemplateUser: FindTemplateUser,
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    if (!(await findEmailTemplate(tx, { vendorId, id }))) throw notFound(NOT_FOUND);
    const trigger = await findTemplateUser(tx, { vendorId, templateId: id });
    if (trigger) {
      throw new AppError(
        'CONFLICT',
        `The email template is used by the trigger "${trigger.name}"; choose another template there first.`,
      );
    }
    if (!(await deleteEmailTemplate(tx, { vendorId, id }))) throw notFound(NOT_FOUND);
  });
}
