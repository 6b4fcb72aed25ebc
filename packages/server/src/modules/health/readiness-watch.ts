import type { Deps } from '../../deps.ts';

/** How often a process checks that it can take work, and how long one check may take. */
const CHECK_EVERY_MS = 5_000;

/**
 * Watches whether this process can take work (the database and the queue answer, as `/api/ready`
 * says) and says so in the log when that changes. While it cannot, `pause` has been called: a worker
 * fetches no jobs rather than failing each one it takes; the API needs nothing paused, since
 * `/api/ready` answers 503 to its load balancer and ServiceM8's deliveries wait in the spool. `resume`
 * is called when it can again. Answers a function that stops the watch.
 */
export function startReadinessWatch(
  deps: Pick<Deps, 'database' | 'queue' | 'logger'>,
  work: { what: string; pause?: () => Promise<void>; resume?: () => Promise<void> },
): () => Promise<void> {
  let ready = true;
  let checking: Promise<void> | undefined;
  const check = async () => {
    const problem = await whyNotReady(deps);
    if (problem && ready) {
      ready = false;
      deps.logger.warn(
        { reason: problem },
        `Not ready: ${problem}. Taking no new work until it answers (${work.what}).`,
      );
      await work.pause?.();
    } else if (!problem && !ready) {
      ready = true;
      await work.resume?.();
      deps.logger.info('Ready again: the database and the queue answer; taking work.');
    }
  };
  const timer = setInterval(() => {
    if (checking) return;
    checking = check()
      .catch((error) => deps.logger.error({ err: error }, 'The readiness watch failed'))
      .finally(() => {
        checking = undefined;
      });
  }, CHECK_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await checking;
  };
}

async function whyNotReady(deps: Pick<Deps, 'database' | 'queue'>): Promise<string | undefined> {
  const checks = [
    ['the database', () => deps.database.ping()],
    ['the queue', () => deps.queue.ping()],
  ] as const;
  for (const [name, ping] of checks) {
    try {
      await withTimeout(ping(), CHECK_EVERY_MS);
    } catch (error) {
      return `${name} does not answer (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  return undefined;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
