import { z } from 'zod';
import { say } from './field-words.ts';

/**
 * A business's API keys: for its own scripts, on the automation routes (`/api/vendor/{vendorId}/Trigger…`:
 * triggers, runs, dry runs), never on account, billing, team or admin routes. A key is shown once when
 * created; only its hash is kept.
 */
export const API_KEY_PREFIX = 'atm_live_';
export const API_KEY_SCOPES = ['read', 'read-write'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES, say('Access', 'choose read-only or read and write'));
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;
/** Requests one key may make in a minute. */
export const API_KEY_REQUESTS_PER_MINUTE = 120;

export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  scope: ApiKeyScope,
  /** The key's first characters, to tell keys apart (`atm_live_AbC1…`). */
  start: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** A key just made: the whole key, shown this once. */
export const CreatedApiKey = ApiKey.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyInput = z.object({
  name: z
    .string(say('Name', 'name the key'))
    .trim()
    .min(1, say('Name', 'name the key, such as “Reporting script”'))
    .max(100, say('Name', 'use at most 100 characters')),
  scope: ApiKeyScope,
});
export type ApiKeyInput = z.infer<typeof ApiKeyInput>;
