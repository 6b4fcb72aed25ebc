import {
  type OutboxMessage,
  type SearchPage,
  type SearchQuery,
  SYSTEM_EMAIL_KEYS,
  type SystemEmail,
  type SystemEmailInput,
  type SystemEmailUpdate,
} from '@automate/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { liquidLimitProblem } from '../../engine/messages/liquid-engine.ts';
import type { Caller } from '../../http/access.ts';
import { AppError, invalidField, notFound } from '../../http/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  deleteSystemEmail,
  findSystemEmailById,
  insertSystemEmail,
  type OutboxRow,
  type SystemEmailRow,
  searchOutbox,
  searchSystemEmails,
  updateSystemEmail,
} from './mail.repository.ts';
import { queueTestEmail, SAMPLE_MERGE_DATA } from './mail.service.ts';
import { checkTemplate, type RenderedEmail, renderEmail } from './render-email.ts';
import { findSystemEmailDefault } from './system-email-defaults.ts';

const isSystemKey = (key: string) => (SYSTEM_EMAIL_KEYS as readonly string[]).includes(key);

function toSystemEmail(row: SystemEmailRow): SystemEmail {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    subject: row.subject,
    body: row.body,
    isSystem: isSystemKey(row.key),
    mergeFields: findSystemEmailDefault(row.key)?.mergeFields ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export async function listSystemEmails(db: Db, query: SearchQuery): Promise<SearchPage<SystemEmail>> {
  const page = await searchSystemEmails(db, query);
  return { ...page, rows: page.rows.map(toSystemEmail) };
}

export async function getSystemEmail(db: Db, id: string): Promise<SystemEmail> {
  const row = await findSystemEmailById(db, id);
  if (!row) throw notFound('Email template');
  return toSystemEmail(row);
}

export async function createSystemEmail(db: Db, input: z.output<typeof SystemEmailInput>): Promise<SystemEmail> {
  await assertTemplateRenders(input);
  const row = await insertSystemEmail(db, input);
  if (!row) throw new AppError('CONFLICT', `An email template with the key "${input.key}" already exists.`);
  return toSystemEmail(row);
}

/** Saves the template (refused when it does not render) and writes the change to the audit log. */
export async function changeSystemEmail(
  deps: Deps,
  caller: Caller,
  id: string,
  input: z.output<typeof SystemEmailUpdate>,
): Promise<SystemEmail> {
  await assertTemplateRenders(input);
  return deps.database.db.transaction(async (tx) => {
    const before = await findSystemEmailById(tx, id);
    const row = await updateSystemEmail(tx, id, input);
    if (!before || !row) throw notFound('Email template');
    await recordAudit(tx, caller, deps.clock.now(), {
      action: 'system-email.changed',
      summary: `Changed the "${row.name}" email.`,
      before: { subject: before.subject, body: before.body },
      after: { subject: row.subject, body: row.body },
    });
    return toSystemEmail(row);
  });
}

export async function removeSystemEmail(db: Db, id: string): Promise<void> {
  const row = await findSystemEmailById(db, id);
  if (!row) throw notFound('Email template');
  if (isSystemKey(row.key)) {
    throw new AppError(
      'CONFLICT',
      `"${row.name}" is sent by the platform and cannot be deleted; edit its text instead.`,
    );
  }
  await deleteSystemEmail(db, id);
}

/** Sends the template as it is being edited (`draft`) to the super admin asking, rendered on sample data. */
export async function sendTestSystemEmail(
  deps: Deps,
  caller: Caller,
  id: string,
  draft: { subject: string; body: string },
): Promise<{ to: string }> {
  await assertTemplateRenders(draft);
  await deps.database.db.transaction(async (tx) => {
    const row = await findSystemEmailById(tx, id);
    if (!row) throw notFound('Email template');
    await queueTestEmail(tx, deps, { key: row.key, template: draft, to: caller });
  });
  return { to: caller.email };
}

export function previewSystemEmail(template: { subject: string; body: string }): Promise<RenderedEmail> {
  return assertTemplateRenders(template);
}

export async function listOutbox(db: Db, query: SearchQuery): Promise<SearchPage<OutboxMessage>> {
  const page = await searchOutbox(db, query);
  return { ...page, rows: page.rows.map(toOutboxMessage) };
}

/**
 * Refuses a template that does not parse, or that fails when rendered with sample data (e.g. a loop
 * past the render limits): saved, it would break every email of its kind.
 */
async function assertTemplateRenders(template: { subject: string; body: string }): Promise<RenderedEmail> {
  const problem = checkTemplate(template);
  if (problem) throw invalidField(problem.field, problem.message);
  try {
    return await renderEmail(template, SAMPLE_MERGE_DATA);
  } catch (error) {
    const problem = liquidLimitProblem(error) ?? (error as Error).message.split('\n')[0];
    throw invalidField('body', `The template cannot be rendered: ${problem}.`);
  }
}
