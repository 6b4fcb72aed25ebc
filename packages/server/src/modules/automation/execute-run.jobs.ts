import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import { executeRun } from './run-executor.service.ts';

const RETRY_LIMIT = 10;

/**
 * Executes one due trigger run. pg-boss runs one instance of a job at a time and, through the
 * heartbeat, hands the job to another worker when the one running it dies; the run resumes from
 * its step log. Transient ServiceM8 failures retry with backoff: 2 s doubling to 10 minutes, about
 * 20 minutes in all, then the run fails with the reason.
 */
export const executeRunJob = defineJob({
  name: 'automation.execute-run',
  // vendorId: jobs queued before it was added have none, and run without a vendor's share.
  payload: z.object({ runId: z.uuid(), vendorId: z.uuid().optional() }),
  queue: { retryLimit: RETRY_LIMIT, retryDelay: 2, retryBackoff: true, retryDelayMax: 600, heartbeatSeconds: 10 },
  concurrency: 'engine',
  vendorOf: (payload) => payload.vendorId,
  handle: ({ runId }, { deps, retryCount }) => executeRun(deps, runId, { isLast: retryCount >= RETRY_LIMIT }),
});
