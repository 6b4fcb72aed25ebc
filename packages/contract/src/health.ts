import { z } from 'zod';

export const ComponentHealth = z.object({
  ok: z.boolean(),
  detail: z.string(),
  latencyMs: z.number().nonnegative().optional(),
});

export const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: ComponentHealth.extend({ driver: z.enum(['pglite', 'postgres']) }),
  queue: ComponentHealth,
});
export type Health = z.infer<typeof Health>;

/** `GET /api/ready`: whether this process can take work now, and the figures behind the answer. */
export const Readiness = z.object({
  ready: z.boolean(),
  database: ComponentHealth,
  queue: ComponentHealth,
  /**
   * ServiceM8 deliveries kept on disk while the database could not take them, waiting to be stored
   * (`backlog`), and the records set aside for a person to look at (`rejected`: unreadable, or refused
   * by the database for good).
   */
  spool: z.object({
    backlog: z.number().int().nonnegative(),
    rejected: z.number().int().nonnegative(),
    detail: z.string(),
  }),
  /** Whether ServiceM8's API answers; runs retry while it does not, so this does not make the process unready. */
  servicem8: ComponentHealth,
});
export type Readiness = z.infer<typeof Readiness>;
