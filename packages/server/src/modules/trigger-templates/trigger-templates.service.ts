import type { SearchPage, SearchQuery, TriggerTemplate, TriggerTemplateInput } from '@automate/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import type { Caller } from '../../http/access.ts';
import { notFound } from '../../http/app-error.ts';
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  searchTemplates,
  type TriggerTemplateRow,
  updateTemplate,
} from './trigger-templates.repository.ts';

/** The template library: super admins write it; everyone signed in reads what is published. */

type Input = z.output<typeof TriggerTemplateInput>;

const TEMPLATE = 'The template';
const seesDrafts = (caller: Caller) => caller.isSuperAdmin;

function toTemplate(row: TriggerTemplateRow): TriggerTemplate {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    published: row.published,
    onboardingOrder: row.onboardingOrder,
    definition: row.definition,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTemplates(
  deps: Deps,
  caller: Caller,
  query: SearchQuery,
): Promise<SearchPage<TriggerTemplate>> {
  const page = await searchTemplates(deps.database.db, query, { publishedOnly: !seesDrafts(caller) });
  return { ...page, rows: page.rows.map(toTemplate) };
}

/** The published templates recommended to a new vendor, first recommendation first unless sorted otherwise. */
export async function listOnboardingTemplates(deps: Deps, query: SearchQuery): Promise<SearchPage<TriggerTemplate>> {
  const ordered: SearchQuery = query.SortBy ? query : { ...query, SortBy: 'onboardingOrder', SortDir: 'Ascending' };
  const page = await searchTemplates(deps.database.db, ordered, { publishedOnly: true, recommended: true });
  return { ...page, rows: page.rows.map(toTemplate) };
}

/** A template the caller may see: a draft only for super admins (for others it does not exist). */
export async function findVisibleTemplate(deps: Deps, caller: Caller, id: string): Promise<TriggerTemplateRow> {
  const row = await findTemplate(deps.database.db, id);
  if (!row || (!row.published && !seesDrafts(caller))) throw notFound(TEMPLATE);
  return row;
}

export async function getTemplate(deps: Deps, caller: Caller, id: string): Promise<TriggerTemplate> {
  return toTemplate(await findVisibleTemplate(deps, caller, id));
}

export async function createTemplate(deps: Deps, input: Input): Promise<TriggerTemplate> {
  return toTemplate(await insertTemplate(deps.database.db, input, deps.clock.now()));
}

export async function changeTemplate(deps: Deps, id: string, input: Input): Promise<TriggerTemplate> {
  const row = await updateTemplate(deps.database.db, id, input, deps.clock.now());
  if (!row) throw notFound(TEMPLATE);
  return toTemplate(row);
}

/** Deleting a template leaves the triggers copied from it as they are: a copy is the vendor's own. */
export async function removeTemplate(deps: Deps, id: string): Promise<void> {
  if (!(await deleteTemplate(deps.database.db, id))) throw notFound(TEMPLATE);
}
