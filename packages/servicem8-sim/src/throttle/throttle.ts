/**
 * The API throttle: 180 requests per minute and 20,000 per day, counted per
 * application per account. Both windows are rolling (the real windows' alignment is not documented).
 * A refused call does not count.
 */
export type ThrottleLimits = { perMinute: number; perDay: number };
export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { perMinute: 180, perDay: 20_000 };

export const MINUTE_LIMIT_TEXT = 'Number of allowed API requests per minute exceeded';
export const DAY_LIMIT_TEXT = 'Number of allowed API requests per day exceeded';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

type ThrottleDecision = { allowed: true } | { allowed: false; window: 'minute' | 'day'; retryAfterSeconds: number };

export type Throttle = {
  take(key: string, nowMs: number): ThrottleDecision;
  limits(): ThrottleLimits;
  setLimits(limits: Partial<ThrottleLimits>): void;
  usage(key: string, nowMs: number): { minute: number; day: number };
  reset(): void;
};

export function createThrottle(initial: ThrottleLimits): Throttle {
  let limits = { ...initial };
  const history = new Map<string, number[]>();

  const recent = (key: string, nowMs: number): number[] => {
    const stamps = (history.get(key) ?? []).filter((stamp) => stamp > nowMs - DAY_MS);
    history.set(key, stamps);
    return stamps;
  };
  const countSince = (stamps: number[], since: number) => stamps.filter((stamp) => stamp > since).length;

  return {
    take: (key, nowMs) => {
      const stamps = recent(key, nowMs);
      if (stamps.length >= limits.perDay) {
        const oldest = stamps[stamps.length - limits.perDay] ?? nowMs;
        return {
          allowed: false,
          window: 'day',
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + DAY_MS - nowMs) / 1000)),
        };
      }
      const inMinute = stamps.filter((stamp) => stamp > nowMs - MINUTE_MS);
      if (inMinute.length >= limits.perMinute) {
        const oldest = inMinute[inMinute.length - limits.perMinute] ?? nowMs;
        return {
          allowed: false,
          window: 'minute',
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + MINUTE_MS - nowMs) / 1000)),
        };
      }
      stamps.push(nowMs);
      return { allowed: true };
    },
    limits: () => ({ ...limits }),
    setLimits: (next) => {
      limits = { ...limits, ...next };
    },
    usage: (key, nowMs) => {
      const stamps = recent(key, nowMs);
      return { minute: countSince(stamps, nowMs - MINUTE_MS), day: stamps.length };
    },
    reset: () => history.clear(),
  };
}
