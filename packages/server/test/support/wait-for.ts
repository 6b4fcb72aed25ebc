/**
 * The pause between reads. The automation tests spend much of their time in these waits (settled runs,
 * a quiet inbox), each ending up to one pause after the state it waits for, and a read is a query or
 * two: at 100 ms the automation, trigger, backup and web-address files took 96 s, at 25 ms 71–78 s.
 */
const POLL_MS = 25;

/** Polls `read` until `done` says so; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 20_000,
  /** What to show of the last value when it times out. */
  describe: (value: T) => unknown = (value) => value,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(describe(value))}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
