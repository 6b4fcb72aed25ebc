import { type Faq, FaqInput } from '@automate/contract';
import { type FieldErrorMap, zodFieldErrors } from '@/lib/form-errors.ts';

/** What the FAQ editor holds while someone types (the order as typed, checked on save). */
export type FaqFormValues = {
  question: string;
  answer: string;
  sortOrder: string;
  published: boolean;
};

export const SORT_ORDER_MESSAGE = 'Order: give a whole number from 0 to 100000.';

export function faqFormValues(faq: Faq | null, nextSortOrder = 0): FaqFormValues {
  if (!faq) return { question: '', answer: '', sortOrder: String(nextSortOrder), published: false };
  return { question: faq.question, answer: faq.answer, sortOrder: String(faq.sortOrder), published: faq.published };
}

function parseSortOrder(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= 100_000 ? value : null;
}

export function toFaqInput(values: FaqFormValues): FaqInput {
  return {
    question: values.question.trim(),
    answer: values.answer,
    sortOrder: parseSortOrder(values.sortOrder) ?? 0,
    published: values.published,
  };
}

/** The contract's rules and a readable order, checked before sending: field → sentence. */
export function validateFaq(values: FaqFormValues): FieldErrorMap {
  const parsed = FaqInput.safeParse(toFaqInput(values));
  const errors: Record<string, string> = parsed.success ? {} : { ...zodFieldErrors(parsed.error) };
  if (parseSortOrder(values.sortOrder) === null) errors.sortOrder = SORT_ORDER_MESSAGE;
  return errors;
}

export function sameFaqValues(a: FaqFormValues, b: FaqFormValues): boolean {
  return (
    a.question === b.question &&
    a.answer === b.answer &&
    a.sortOrder.trim() === b.sortOrder.trim() &&
    a.published === b.published
  );
}
