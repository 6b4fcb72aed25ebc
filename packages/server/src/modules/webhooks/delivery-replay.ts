import { isDatabaseUnavailable } from '../../db/database-errors.ts';
import type { Deps } from '../../deps.ts';
import { checkWebhooksJob } from '../servicem8/servicem8.jobs.ts';
import { isWebhookSecretHash } from '../servicem8/webhook-secrets.ts';
import type { ReplayOutcome, SpooledDelivery } from './delivery-spool.ts';
import { catchUpRefused } from './refused-catch-up.ts';
import { storeDelivery } from './webhook-intake.service.ts';

/** How often the spool is tried while deliveries wait in it. */
const REPLAY_EVERY_MS = 1_000;

/**
 * Moves deliveries kept in the spool (the database was away) into the inbox, in the order they came,
 * as soon as the database takes them: at start (what a crash left) and every second while any wait.
 * Once they are all in, every vendor's webhook subscriptions are checked at once instead of at the
 * next quarter hour, in case ServiceM8 gave up on one meanwhile. The vendors whose deliveries were
 * refused meanwhile get their catch-up the same way (`catchUpRefused`). Answers a function that stops it.
 */
export function startDeliveryReplay(deps: Deps): () => Promise<void> {
  let running: Promise<void> | undefined;
  let waiting = false;
  let catchUpWaiting = false;
  const hasRefused = () => {
    const { vendorIds, everyone } = deps.refusedDeliveries.waiting();
    return everyone || vendorIds.length > 0;
  };
  const tick = () => {
    if (running || (deps.deliverySpool.backlog() === 0 && !hasRefused())) return;
    running = (async () => {
      if (deps.deliverySpool.backlog() > 0) waiting = await replayOnce(deps, waiting);
      if (hasRefused()) catchUpWaiting = !(await catchUpRefused(deps, catchUpWaiting));
    })()
      .catch((error) => deps.logger.error({ err: error }, 'Replaying the delivery spool failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, REPLAY_EVERY_MS);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * Once an API process listens: ServiceM8's deliveries failed while none did (it was down, or
 * restarting after a crash), and ServiceM8 does not send a failed delivery again (after a few it even
 * deactivates the subscription). So every account's subscriptions are checked and what changed
 * meanwhile is read, as the 15-minute check would, but at once.
 */
export async function catchUpAfterStart(deps: Deps): Promise<void> {
  await deps.queue
    .send(checkWebhooksJob, { catchUp: true })
    .catch((error) => deps.logger.warn({ err: error }, 'Could not queue the catch-up with ServiceM8 after starting'));
}

/** One pass over the spool; answers whether deliveries still wait for the database. */
async function replayOnce(deps: Deps, wasWaiting: boolean): Promise<boolean> {
  const { stored, refused, unreadable } = await deps.deliverySpool.replay((delivery) => storeSpooled(deps, delivery));
  for (const file of unreadable) {
    deps.logger.error({ file }, 'A spooled ServiceM8 delivery could not be read; it is kept for a person to look at');
  }
  const backlog = deps.deliverySpool.backlog();
  if (backlog > 0) {
    if (!wasWaiting) deps.logger.warn({ backlog }, 'The database is away: ServiceM8 deliveries wait in the spool');
    return true;
  }
  deps.logger.info(
    { stored, refused, unreadable: unreadable.length },
    'The spooled ServiceM8 deliveries are in the database',
  );
  if (stored > 0) {
    await deps.queue
      .send(checkWebhooksJob, {})
      .catch((error) => deps.logger.warn({ err: error }, 'Could not queue the check of the webhook subscriptions'));
  }
  return false;
}

async function storeSpooled(deps: Deps, delivery: SpooledDelivery): Promise<ReplayOutcome> {
  const { vendorId } = delivery;
  try {
    if (
      delivery.unverifiedSecretSha256 &&
      !(await isWebhookSecretHash(deps, vendorId, delivery.unverifiedSecretSha256))
    ) {
      deps.logger.warn({ vendorId }, 'A spooled delivery came with a wrong callback secret and was dropped');
      return 'refused';
    }
    await storeDelivery(deps, { ...delivery, receivedAt: new Date(delivery.receivedAt) });
    return 'stored';
  } catch (error) {
    if (isDatabaseUnavailable(error)) return 'unavailable';
    deps.logger.error(
      { err: error, vendorId },
      'A spooled delivery could not be stored; it is kept in spool/rejected for a person to look at',
    );
    return 'refused';
  }
}
