/** Timers the simulator waits on (latency faults, held requests), all cancelled at close. */
export type Sleeper = {
  sleep(ms: number): Promise<void>;
  cancelAll(): void;
};

export function createSleeper(): Sleeper {
  const pending = new Map<NodeJS.Timeout, () => void>();
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(timer);
          resolve();
        }, ms);
        pending.set(timer, resolve);
      }),
    cancelAll: () => {
      for (const [timer, resolve] of pending) {
        clearTimeout(timer);
        resolve();
      }
      pending.clear();
    },
  };
}
