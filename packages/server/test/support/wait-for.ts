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
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
