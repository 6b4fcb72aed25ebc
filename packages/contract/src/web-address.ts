import { z } from 'zod';

/**
 * Deliveries to web addresses a business without a plan may start in a day (its business day, in its
 * time zone). A business on a plan has its plan's limit (`PlanLimits.webAddressDeliveriesPerDay`).
 */
export const WEB_ADDRESS_DAILY_LIMIT = 10_000;
/** The header each delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEB_ADDRESS_SIGNATURE_HEADER = 'Automate-Signature';
/** The header naming the delivery (the run step's id): the same on every attempt of a step. */
export const WEB_ADDRESS_IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** What Account shows about sending to web addresses. */
export const WebAddressSettings = z.object({
  /** When the signing secret in use was created; null before the first delivery or rotation. */
  signingSecretCreatedAt: z.string().nullable(),
  sentToday: z.number().int(),
  dailyLimit: z.number().int(),
  /** The plan whose limit `dailyLimit` is; null for a business without a plan. */
  planName: z.string().nullable(),
});
export type WebAddressSettings = z.infer<typeof WebAddressSettings>;

/** A new signing secret, shown this once. */
export const SigningSecret = z.object({ secret: z.string(), createdAt: z.string() });
export type SigningSecret = z.infer<typeof SigningSecret>;

/** What "Send a test" got back. */
export const WebAddressTestResult = z.object({
  /** The status the web address answered; null when it gave no answer or the address is not allowed. */
  status: z.number().int().nullable(),
  /** Up to 1 KB of its answer. */
  answer: z.string(),
  /** A sentence: what happened, as the step log would say it. */
  outcome: z.string(),
  /** Whether a run's step would have succeeded with this answer. */
  ok: z.boolean(),
});
export type WebAddressTestResult = z.infer<typeof WebAddressTestResult>;
