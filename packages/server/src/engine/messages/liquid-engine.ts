import { Liquid, type LiquidOptions } from 'liquidjs';

/**
 * Every Liquid engine of the server comes from here, with the same limits: a template (an action's
 * text, an email template) is written by a vendor or an admin, and a loop inside a loop inside a loop
 * would otherwise keep the process busy for seconds or fill its memory.
 */
export const LIQUID_LIMITS = {
  /** Characters one parse may read; texts and email templates are at most 10,000. */
  parseLimit: 100_000,
  /** Milliseconds one render may take; a real text renders in well under one. */
  renderLimit: 100,
  /** What one render may allocate (roughly characters and array items). */
  memoryLimit: 1_000_000,
} as const;

/** A Liquid engine with `options` and the limits, which options cannot loosen. */
export function createLiquid(options: LiquidOptions = {}): Liquid {
  return new Liquid({ ...options, ...LIQUID_LIMITS });
}

const LIMIT_SENTENCES: Array<[RegExp, string]> = [
  [
    /^parse length limit exceeded/,
    `it is too long to read (over ${LIQUID_LIMITS.parseLimit.toLocaleString('en')} characters)`,
  ],
  [/^template render limit exceeded/, 'filling it in takes too long; loops inside loops repeat it too often'],
  [/^memory alloc limit exceeded/, 'filling it in makes it too large; loops inside loops repeat it too often'],
];

/** What went wrong, in words, when a template ran past a limit; null for any other error. */
export function liquidLimitProblem(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return LIMIT_SENTENCES.find(([pattern]) => pattern.test(message))?.[1] ?? null;
}
