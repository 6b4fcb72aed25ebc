import { randomUUID } from 'node:crypto';
import type { SeedData } from '@automate/servicem8-sim';

/** A job as seeded: ServiceM8 fills in the fields left out. */
export type SeededJob = { uuid: string; generated_job_id: string } & Record<string, unknown>;

/**
 * A ServiceM8 account of its own for a business named `name`: the business, its owner as a staff
 * member with the owner's address, one client (`client`, a company uuid) and `jobs`. Simulators seeded
 * with different names are different accounts, as several businesses in one deployment need.
 */
export function accountSeed(name: string, client: string, jobs: SeededJob[] = []): SeedData {
  const domain = `${name.toLowerCase().replace(/\W+/g, '-')}.example.com`;
  return {
    records: {
      vendor: [{ uuid: randomUUID(), name, timezone_name: 'Australia/Sydney', email: `owner@${domain}` }],
      staff: [{ uuid: randomUUID(), first: 'Olive', last: 'Owner', email: `owner@${domain}` }],
      company: [{ uuid: client, name: `${name} client` }],
      job: jobs,
    },
  };
}
