import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { SessionTokens } from './modules/auth/session-tokens.ts';
import type { BillingRuntime } from './modules/billing/billing-runtime.ts';
import type { MailTransport } from './modules/mail/mail-transport.ts';
import type { Sm8Runtime } from './modules/servicem8/sm8-access.ts';
import type { DeliverySpool } from './modules/webhooks/delivery-spool.ts';
import type { RefusedDeliveries } from './modules/webhooks/refused-deliveries.ts';
import type { Metrics } from './observability/metrics.ts';
import type { Queue } from './queue/queue.ts';
import type { AppKeys } from './secrets.ts';
import type { FileStorage } from './storage/file-storage.ts';

/**
 * The current time, and waiting for some of it to pass (retry backoff, rate limits); tests pass a
 * clock they can move, on which a wait passes at once.
 */
export type Clock = { now(): Date; sleep(ms: number): Promise<void> };
export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/** Everything routes, services and jobs depend on, built once in startServices and passed down. */
export type Deps = {
  config: Config;
  database: Database;
  queue: Queue;
  logger: Logger;
  keys: AppKeys;
  sessions: SessionTokens;
  mail: MailTransport;
  servicem8: Sm8Runtime;
  /** Stripe; undefined when billing is not configured (billing calls answer 503). */
  billing: BillingRuntime | undefined;
  /** Uploaded files (content images). */
  files: FileStorage;
  /** ServiceM8 deliveries the database could not take, kept on disk until it can (DATA_DIR/spool). */
  deliverySpool: DeliverySpool;
  /** The vendors whose deliveries neither the database nor the spool could keep, until their catch-up is queued. */
  refusedDeliveries: RefusedDeliveries;
  clock: Clock;
  /**
   * When this process's services started. The embedded database is opened by this process alone, so
   * work it holds as unfinished from before then was left by a process that died.
   */
  startedAt: Date;
  /** This process's Prometheus counters and gauges (`GET /api/metrics`). */
  metrics: Metrics;
  /**
   * The automation engine's reconciliation of a ServiceM8 account: the first one takes the baseline of
   * a newly connected account (the activation job); a later one reads what changed since and runs it
   * as the webhooks would have (after webhooks were re-subscribed, or nobody listened for them). The
   * automation module sits above servicem8, so startServices hands it in.
   */
  reconcileAutomation(vendorId: string): Promise<unknown>;
  /**
   * Makes the stored snapshots of one of the vendor's ServiceM8 objects as current as ServiceM8 was at
   * `asOf`: unless a listing that began after `asOf` did already, one list call (shared with any
   * listing under way in this process) observes what changed since the last, and runs what it matches.
   * 'record-by-record' when ServiceM8 ignores the listing's filter: then nothing was made current. The
   * run executor asks it before a delayed run acts; it sits below the matching the observation feeds,
   * so startServices hands it in.
   */
  observeChanges(vendorId: string, object: string, asOf: Date): Promise<'listed' | 'covered' | 'record-by-record'>;
};
