/**
 * Fair turns between vendors on one queue. pg-boss hands out a queue's jobs by priority, then age, and
 * a vendor's share of the workers (`groupConcurrency`) only caps how many of its jobs run at once: a
 * fetch still takes the oldest jobs first and drops the vendor's surplus after its LIMIT, so while a
 * vendor has 500 jobs queued (it moved 500 jobs at once, and ServiceM8's 180 calls a minute pace them)
 * every fetch fills with its jobs and another vendor's job, queued later, waits for all of them.
 *
 * So a vendor's jobs are queued at a priority that falls with how many it queued lately: each job adds
 * one to the vendor's load on that queue, the load halves every `HALF_LIFE_MS`, and each `share` of
 * load lowers the priority by one. A vendor that queues a job now and then stays at 0; a burst's jobs
 * go 0, 0, …, −1, −1, … in the order they were queued, so its own order is kept and anyone else's
 * job goes before the rest of the burst. Loads are this process's: with several processes each
 * spreads its own vendors' jobs the same way.
 */
const HALF_LIFE_MS = 60_000;
/** A load this small is as good as none: its entry is dropped when the map is tidied. */
const NEGLIGIBLE_LOAD = 0.5;
/** How many loads are kept before the negligible ones are dropped. */
const TIDY_AT = 10_000;

export type VendorTurns = {
  /** The priority of the vendor's next job on `queue` (0 or less), counting that job. */
  nextPriority(queue: string, vendorId: string): number;
};

export function createVendorTurns(options: { share: number; now?: () => number }): VendorTurns {
  const now = options.now ?? (() => performance.now());
  const share = Math.max(1, options.share);
  const loads = new Map<string, { load: number; at: number }>();
  const decayed = (entry: { load: number; at: number }, at: number) =>
    entry.load * 2 ** (-Math.max(0, at - entry.at) / HALF_LIFE_MS);

  function tidy(at: number) {
    for (const [key, entry] of loads) if (decayed(entry, at) < NEGLIGIBLE_LOAD) loads.delete(key);
  }

  return {
    nextPriority(queue, vendorId) {
      const at = now();
      const key = `${queue}\n${vendorId}`;
      const entry = loads.get(key);
      const before = entry ? decayed(entry, at) : 0;
      loads.set(key, { load: before + 1, at });
      if (loads.size > TIDY_AT) tidy(at);
      // In whole jobs: a burst's fourth job, queued a moment after its third, counts three before it.
      return -Math.floor(Math.round(before) / share) || 0;
    },
  };
}
