import { z } from 'zod';

/**
 * Injected faults: latency, an error status (429, 5xx), a held request that never
 * answers (timeout), a dropped connection, or a lost response (the request is carried out, then the
 * connection drops before the answer, after `latencyMs`), for the next N matching calls or until cleared.
 */
const FAULT_KINDS = ['latency', 'status', 'timeout', 'disconnect', 'lost-response'] as const;
type FaultKind = (typeof FAULT_KINDS)[number];

export const FaultInputSchema = z.object({
  kind: z.enum(FAULT_KINDS),
  /** Path glob (`*` = anything); without `*` it matches paths that start with it. Default: every path. */
  path: z.string().min(1).optional(),
  method: z.string().min(1).optional(),
  /** For `status`: the status to answer (default 503); a 2xx with a `body` answers that body instead of doing the work. */
  status: z.number().int().min(200).max(599).optional(),
  /** For `latency`: the delay; for `timeout`: how long to hold before dropping (default 30 s); for `lost-response`: how long after the work the connection drops (default 0). */
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  /** For `status`: the body to send instead of the default for that status. */
  body: z.string().optional(),
  /** How many matching calls it affects; default: every one until removed. */
  times: z.number().int().min(1).optional(),
  /** The chance (0–1) that a matching call is affected; default 1. Calls it spares do not count towards `times`. */
  probability: z.number().min(0).max(1).optional(),
});
export type FaultInput = z.input<typeof FaultInputSchema>;

export type FaultRule = {
  id: string;
  kind: FaultKind;
  path: string | null;
  method: string | null;
  status: number | null;
  latencyMs: number | null;
  body: string | null;
  remaining: number | null;
  probability: number;
  hits: number;
};

/** What to do with one call: wait `latencyMs`, then apply `rule` (if any). */
type FaultDecision = { latencyMs: number; rule: FaultRule | undefined };

export type FaultList = {
  add(input: FaultInput): FaultRule;
  list(): FaultRule[];
  remove(id: string): boolean;
  clear(): void;
  take(method: string, path: string): FaultDecision;
};

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(pattern.includes('*') ? `^${escaped}$` : `^${escaped}`, 'i');
}

/**
 * Numbers in [0, 1) that are the same for the same seed (mulberry32): fault draws a test can repeat.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `random` decides the `probability` draws; tests may pass a seeded one. */
export function createFaultList(random: () => number = Math.random): FaultList {
  let rules: Array<FaultRule & { matcher: RegExp | null }> = [];
  const consume = (rule: FaultRule) => {
    rule.hits += 1;
    if (rule.remaining !== null) rule.remaining -= 1;
  };
  const strip = ({ matcher: _matcher, ...rule }: FaultRule & { matcher: RegExp | null }): FaultRule => rule;
  return {
    add: (input) => {
      const parsed = FaultInputSchema.parse(input);
      const rule = {
        id: crypto.randomUUID(),
        kind: parsed.kind,
        path: parsed.path ?? null,
        method: parsed.method?.toUpperCase() ?? null,
        status: parsed.kind === 'status' ? (parsed.status ?? 503) : null,
        latencyMs: parsed.latencyMs ?? null,
        body: parsed.body ?? null,
        remaining: parsed.times ?? null,
        probability: parsed.probability ?? 1,
        hits: 0,
        matcher: parsed.path ? globToRegExp(parsed.path) : null,
      };
      rules.push(rule);
      return strip(rule);
    },
    list: () => rules.map(strip),
    remove: (id) => {
      const before = rules.length;
      rules = rules.filter((rule) => rule.id !== id);
      return rules.length !== before;
    },
    clear: () => {
      rules = [];
    },
    take: (method, path) => {
      const matching = rules.filter(
        (rule) =>
          (rule.remaining === null || rule.remaining > 0) &&
          (!rule.method || rule.method === method.toUpperCase()) &&
          (!rule.matcher || rule.matcher.test(path)) &&
          (rule.probability >= 1 || random() < rule.probability),
      );
      let latencyMs = 0;
      for (const rule of matching.filter((candidate) => candidate.kind === 'latency')) {
        latencyMs = Math.max(latencyMs, rule.latencyMs ?? 0);
        consume(rule);
      }
      const rule = matching.find((candidate) => candidate.kind !== 'latency');
      if (rule) consume(rule);
      rules = rules.filter((candidate) => candidate.remaining === null || candidate.remaining > 0);
      return { latencyMs, rule: rule ? strip(rule) : undefined };
    },
  };
}
