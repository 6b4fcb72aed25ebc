/** The current time; the same shape as the server's `Clock`, so a test clock can be shared. */
export type Clock = { now(): Date };

const systemClock: Clock = { now: () => new Date() };

/** The simulator's clock: a base clock plus an offset that tests (or /__sim/clock) can move. */
export type SimClock = Clock & {
  advance(ms: number): void;
  set(at: Date): void;
  offsetMs(): number;
};

export function createSimClock(base: Clock = systemClock): SimClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance: (ms) => {
      offset += ms;
    },
    set: (at) => {
      offset = at.getTime() - base.now().getTime();
    },
    offsetMs: () => offset,
  };
}
