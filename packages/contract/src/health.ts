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
