import {
  type ClientChoice,
  type FormResponseChoice,
  type JobChoice,
  Sm8Company,
  Sm8FormResponse,
  Sm8Job,
} from '@automate/contract';
import type { Deps } from '../../deps.ts';
import { referenceItemsOf } from './reference-items.service.ts';
import { sm8ClientForVendor } from './sm8-access.ts';

/**
 * Finding a job, a client or a submitted form by what people know of it (a job's number, a client's
 * name, an address, a form's name) to test a trigger on. ServiceM8's filters compare whole values only
 * (eq, ne, gt, lt), so a job number is asked for exactly and anything else is matched here against the
 * active clients and the jobs and form responses edited in the last RECENT_DAYS, each list read at
 * most once a CACHE_MS per vendor and process.
 */

const RECENT_DAYS = 90;
const CACHE_MS = 60_000;
const MAX_CHOICES = 20;

type Cached = { at: number; value: Promise<unknown> };
const cache = new Map<string, Cached>();

/** `read()` once a CACHE_MS per vendor and list; a failed read is not kept. */
function cached<T>(deps: Deps, key: string, read: () => Promise<T>): Promise<T> {
  const now = deps.clock.now().getTime();
  const hit = cache.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.value as Promise<T>;
  const value = read();
  cache.set(key, { at: now, value });
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key);
  });
  return value;
}

const sm8Time = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

function recentFilter(deps: Deps): string {
  const since = sm8Time(new Date(deps.clock.now().getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000));
  return `active eq 1 and edit_date gt ${quoted(since)}`;
}

/** The choices whose text holds every word of `search` (any order, ignoring case), at most MAX_CHOICES. */
function matching<T>(choices: readonly T[], search: string, textOf: (choice: T) => string): T[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return choices
    .filter((choice) => {
      const text = textOf(choice).toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .slice(0, MAX_CHOICES);
}

const latestFirst = <T extends { edit_date: string; active: boolean }>(records: T[]) =>
  records.filter((record) => record.active).sort((a, b) => b.edit_date.localeCompare(a.edit_date));

function activeClients(deps: Deps, vendorId: string): Promise<Sm8Company[]> {
  return cached(deps, `${vendorId}:clients`, async () => {
    const client = await sm8ClientForVendor(deps, vendorId);
    return latestFirst(await client.list('company', Sm8Company, { filter: 'active eq 1' }));
  });
}

async function clientNames(deps: Deps, vendorId: string): Promise<Map<string, string>> {
  return new Map((await activeClients(deps, vendorId)).map((company) => [company.uuid, company.name]));
}

function toJobChoices(jobs: Sm8Job[], names: ReadonlyMap<string, string>): JobChoice[] {
  return latestFirst(jobs).map((job) => ({
    uuid: job.uuid,
    number: job.generated_job_id,
    status: job.status,
    address: job.job_address,
    clientName: names.get(job.company_uuid) ?? '',
    description: job.job_description,
  }));
}

function recentJobs(deps: Deps, vendorId: string): Promise<JobChoice[]> {
  return cached(deps, `${vendorId}:jobs`, async () => {
    const client = await sm8ClientForVendor(deps, vendorId);
    const [jobs, names] = await Promise.all([
      client.list('job', Sm8Job, { filter: recentFilter(deps) }),
      clientNames(deps, vendorId),
    ]);
    return toJobChoices(jobs, names);
  });
}

/** Up to MAX_CHOICES jobs: the one with the number `search`, else those whose words match, the latest edited first. */
export async function searchJobs(deps: Deps, vendorId: string, search: string): Promise<JobChoice[]> {
  const wanted = search.trim();
  if (/^\d+$/.test(wanted)) {
    const client = await sm8ClientForVendor(deps, vendorId);
    const jobs = await client.list('job', Sm8Job, { filter: `generated_job_id eq ${quoted(wanted)}` });
    if (jobs.some((job) => job.active)) return toJobChoices(jobs, await clientNames(deps, vendorId));
  }
  return matching(
    await recentJobs(deps, vendorId),
    wanted,
    (job) => `${job.number} ${job.clientName} ${job.address} ${job.description}`,
  );
}

/** Up to MAX_CHOICES active clients whose name or address holds the words of `search`, the latest edited first. */
export async function searchClients(deps: Deps, vendorId: string, search: string): Promise<ClientChoice[]> {
  const choices = (await activeClients(deps, vendorId)).map((company) => ({
    uuid: company.uuid,
    name: company.name,
    address: company.address,
  }));
  return matching(choices, search, (choice) => `${choice.name} ${choice.address}`);
}

/**
 * Up to MAX_CHOICES form responses of the last RECENT_DAYS whose form's name or what they are about
 * (the job's number and client, or the client) holds the words of `search`, the latest first.
 */
export async function searchFormResponses(deps: Deps, vendorId: string, search: string): Promise<FormResponseChoice[]> {
  const choices = await cached(deps, `${vendorId}:form-responses`, async () => {
    const client = await sm8ClientForVendor(deps, vendorId);
    const [responses, jobs, names, reference] = await Promise.all([
      client.list('formresponse', Sm8FormResponse, { filter: recentFilter(deps) }),
      recentJobs(deps, vendorId),
      clientNames(deps, vendorId),
      referenceItemsOf(deps.database.db, vendorId),
    ]);
    const formNames = new Map(reference.filter((item) => item.kind === 'form').map((item) => [item.uuid, item.name]));
    const jobsByUuid = new Map(jobs.map((job) => [job.uuid, job]));
    const regardingOf = (response: Sm8FormResponse) => {
      if (response.regarding_object === 'company') return names.get(response.regarding_object_uuid) ?? '';
      const job = jobsByUuid.get(response.regarding_object_uuid);
      return job ? [`Job ${job.number}`, job.clientName].filter(Boolean).join(' · ') : '';
    };
    return responses
      .filter((response) => response.active)
      .sort((a, b) => b.timestamp.localeCompare(a.timestamp))
      .map((response) => ({
        uuid: response.uuid,
        formName: formNames.get(response.form_uuid) ?? 'A form',
        regarding: regardingOf(response),
        submittedAt: response.timestamp,
      }));
  });
  return matching(choices, search, (choice) => `${choice.formName} ${choice.regarding}`);
}
