import { z } from 'zod';

/**
 * A record a template names that a vendor's ServiceM8 account lacks, as a copy refused with 409 lists
 * it: the caller maps `key` to one of the `candidates` (or, when `creatable`, asks for it to be created).
 */

/** The ServiceM8 records a template names, and which of them a copy may create in ServiceM8. */
export const TEMPLATE_REFERENCE_KINDS = ['badge', 'queue', 'category', 'form', 'formfield', 'material'] as const;
export type TemplateReferenceKind = (typeof TEMPLATE_REFERENCE_KINDS)[number];
export const CREATABLE_REFERENCE_KINDS: readonly TemplateReferenceKind[] = ['badge', 'queue'];

export const ReferenceCandidate = z.object({ uuid: z.string(), name: z.string() });
export type ReferenceCandidate = z.infer<typeof ReferenceCandidate>;

export const UnresolvedReference = z.object({
  /** What to name in `mappings`: `badge:Check invoice`, `formfield:Customer Satisfaction Survey/Rating`. */
  key: z.string(),
  kind: z.enum(TEMPLATE_REFERENCE_KINDS),
  /** The name the template gives it. */
  name: z.string(),
  /** For a form field: the form it belongs to. */
  formName: z.string().optional(),
  /** Whether `createMissing: true` creates it in ServiceM8. */
  creatable: z.boolean(),
  /** The vendor's records of that kind (for a field: the fields of the matched form), by name. */
  candidates: z.array(ReferenceCandidate),
});
export type UnresolvedReference = z.infer<typeof UnresolvedReference>;

/** The key of a named record: the same for every place the template names it. */
export function templateReferenceKey(kind: TemplateReferenceKind, name: string, formName?: string): string {
  return kind === 'formfield' ? `formfield:${formName ?? ''}/${name}` : `${kind}:${name}`;
}
