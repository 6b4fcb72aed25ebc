import { type JobChoice, Sm8Company, Sm8Job } from '@automate/contract';
import type { Deps } from '../../deps.ts';
import { sm8ClientForVendor } from './sm8-access.ts';

/**
 * Finding a job by what people know of it (its number, client, address or description) to test a
 * trigger on. ServiceM8's filters compare whole values only (eq, ne, gt, lt), so a number is asked for
 * exactly and anything else is matched here against the jobs edited in the last RECENT_DAYS, read
 * with their clients at most once a CACHE_MS per vendor and process.
 */

const RECENT_DAYS = 90;
const CACHE_MS = 60_000;
const MAX_CHOICES = 20;

type RecentJobs = { at: number; choices: JobChoice[] };
const recentByVendor = new Map<string, RecentJobs>();

const sm8Time = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');
const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;

function toChoices(jobs: Sm8Job[], clientNames: ReadonlyMap<string, string>): JobChoice[] {
  return jobs
    .filter((job) => job.active)
    .sort((a, b) => b.edit_date.localeCompare(a.edit_date))
    .map((job) => ({
      uuid: job.uuid,
      number: job.generated_job_id,
      status: job.status,
      address: job.job_address,
      clientName: clientNames.get(job.company_uuid) ?? '',
      description: job.job_description,
    }));
}

async function recentJobs(deps: Deps, vendorId: string): Promise<JobChoice[]> {
  const now = deps.clock.now().getTime();
  const cached = recentByVendor.get(vendorId);
  if (cached && now - cached.at < CACHE_MS) return cached.choices;
  const client = await sm8ClientForVendor(deps, vendorId);
  const since = sm8Time(new Date(now - RECENT_DAYS * 24 * 60 * 60 * 1000));
  const [jobs, companies] = await Promise.all([
    client.list('job', Sm8Job, { filter: `active eq 1 and edit_date gt ${quoted(since)}` }),
    client.list('company', Sm8Company, { filter: 'active eq 1' }),
  ]);
  const choices = toChoices(jobs, new Map(companies.map((company) => [company.uuid, company.name])));
  recentByVendor.set(vendorId, { at: now, choices });
  return choices;
}

/** Up to MAX_CHOICES jobs matching `search` (all words, any order, ignoring case), the latest edited first. */
export async function searchJobs(deps: Deps, vendorId: string, search: string): Promise<JobChoice[]> {
  const wanted = search.trim();
  if (/^\d+$/.test(wanted)) {
    const client = await sm8ClientForVendor(deps, vendorId);
    const jobs = await client.list('job', Sm8Job, { filter: `generated_job_id eq ${quoted(wanted)}` });
    const exact = toChoices(jobs, new Map());
    if (exact.length > 0) {
      const names = new Map((await recentJobs(deps, vendorId)).map((choice) => [choice.uuid, choice.clientName]));
      return exact.map((choice) => ({ ...choice, clientName: names.get(choice.uuid) ?? '' }));
    }
  }
  const words = wanted.toLowerCase().split(/\s+/).filter(Boolean);
  const matching = (await recentJobs(deps, vendorId)).filter((choice) => {
    const haystack = `${choice.number} ${choice.clientName} ${choice.address} ${choice.description}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  return matching.slice(0, MAX_CHOICES);
}
