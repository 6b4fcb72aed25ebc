import { z } from 'zod';
import { ERROR_CODES } from './constants.ts';
import { UnresolvedReference } from './unresolved-references.ts';

/** Every answer is wrapped; failures carry a human sentence and a stable code. */

export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: ErrorCode,
    /** Field path → problems with that field, for validation failures. */
    errors: z.record(z.string(), z.array(z.string())).optional(),
    /** Quoted in 5xx answers so support can find the log lines. */
    requestId: z.string().optional(),
    /** Set on a refused sign-in while the account is locked after repeated failures. */
    lockedOut: z.boolean().optional(),
    /** Set on a refused template copy: the records the vendor's ServiceM8 account lacks. */
    unresolved: z.array(UnresolvedReference).optional(),
  })
  .register(z.globalRegistry, { id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    data,
    message: z.string().optional(),
  });
}
export type SuccessEnvelope<T> = { success: true; data: T; message?: string };

export function searchPage<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    total: z.number().int().nonnegative(),
    pageNumber: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}
export type SearchPage<T> = { rows: T[]; total: number; pageNumber: number; pageSize: number };

/** A page of a search that pages by cursor (`Cursor` in the query) and counts only up to a cap. */
export function cursorSearchPage<T extends z.ZodType>(row: T) {
  return searchPage(row).extend({
    /** True when more rows match than `total`, which is then the cap: show it as "10,000+". */
    totalCapped: z.boolean().describe('True when more rows match than total, which is then the cap ("10,000+").'),
    /** Pass as `Cursor` for the page after this one; null on the last page. */
    nextCursor: z.string().nullable().describe('Pass as Cursor for the page after this one; null on the last page.'),
  });
}
export type CursorSearchPage<T> = SearchPage<T> & { totalCapped: boolean; nextCursor: string | null };
