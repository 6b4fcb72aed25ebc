import type { ObjectName } from '../objects/object-types.ts';

/** Records to load, per object type, plus attachment bytes. Missing fields take their defaults. */
export type SeedData = {
  records: Partial<Record<ObjectName, Array<Record<string, unknown>>>>;
  files?: Array<{ attachmentUuid: string; contentType: string; base64: string }>;
};

/** `demo`: a plumbing business with everything; `empty`: the account and its owner only. */
export type SeedPreset = 'demo' | 'empty';
