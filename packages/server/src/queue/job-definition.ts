import type { QueueOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Deps } from '../deps.ts';

/** What a job handler may use; passed in when workers start, never imported as a singleton. */
type JobContext = {
  deps: Deps;
  log: Logger;
  jobId: string;
  workerId: string;
  /** 0 on the first attempt. */
  retryCount: number;
};

export type JobDefinition<Payload extends z.ZodType = z.ZodType, Result = unknown> = {
  /** Queue name: `<module>.<verb-noun>`. */
  name: string;
  payload: Payload;
  /** Retries, expiry and retention; pg-boss defaults apply to what is left out. */
  queue?: QueueOptions;
  /**
   * How many of these jobs one process runs at once: a number, or `'engine'` for the busy queues of
   * the automation engine, which follow QUEUE_CONCURRENCY. Default 1.
   */
  concurrency?: number | 'engine';
  /**
   * The vendor a job works for. At most QUEUE_VENDOR_CONCURRENCY jobs of one vendor run at once
   * across all processes, so one vendor's burst (or its ServiceM8 rate limit) never holds every
   * worker while other vendors' jobs wait.
   */
  vendorOf?(payload: z.output<Payload>): string | undefined;
  /** A cron expression (UTC) to run the job on a schedule, once per tick across all workers. */
  schedule?: string;
  handle(payload: z.output<Payload>, context: JobContext): Promise<Result>;
};

/** Declares a job with its payload type inferred from the schema. */
export function defineJob<Payload extends z.ZodType, Result>(
  definition: JobDefinition<Payload, Result>,
): JobDefinition<Payload, Result> {
  return definition;
}
