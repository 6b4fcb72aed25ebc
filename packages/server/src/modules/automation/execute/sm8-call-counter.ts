/**
 * Counts the requests sent to ServiceM8 for a run (every attempt, retries included), handed to the
 * client as `onRequest`, until they are stored with the run.
 */
export function sm8CallCounter() {
  let unstored = 0;
  return {
    onRequest(): void {
      unstored++;
    },
    /** The requests counted since the last call, which the caller stores. */
    take(): number {
      const taken = unstored;
      unstored = 0;
      return taken;
    },
  };
}
