import { sql } from 'drizzle-orm';
import type { Deps } from '../../src/deps.ts';
import type { JobDefinition } from '../../src/queue/job-definition.ts';
import { waitFor } from './wait-for.ts';

/**
 * Waits until every `job` sent so far has finished (none is waiting, retrying or running), so a test
 * can check what all of them did instead of waiting a while for one that might still come.
 */
export async function jobsFinished(deps: Deps, job: JobDefinition): Promise<void> {
  await waitFor(
    async () => {
      const result = await deps.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${job.name} and state in ('created', 'retry', 'active')`,
      );
      return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
    },
    (unfinished) => unfinished === 0,
    `every ${job.name} job to finish`,
  );
}
