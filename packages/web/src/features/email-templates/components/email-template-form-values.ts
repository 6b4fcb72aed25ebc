import { type EmailTemplate, EmailTemplateInput } from '@automate/contract';
import { type FieldErrorMap, zodFieldErrors } from '@/lib/form-errors.ts';

/** What the editor holds while someone types. */
export type EmailTemplateFormValues = { name: string; subject: string; body: string };

export function emailTemplateFormValues(template: EmailTemplate | null): EmailTemplateFormValues {
  return template
    ? { name: template.name, subject: template.subject, body: template.body }
    : { name: '', subject: '', body: '' };
}

/** What is sent: the name and subject trimmed (the server trims them too), the body as typed. */
export function toEmailTemplateInput(values: EmailTemplateFormValues): EmailTemplateInput {
  return { name: values.name.trim(), subject: values.subject.trim(), body: values.body };
}

/**
 * The contract's rules (required, lengths), checked before sending. Merge fields are left to the server,
 * which parses the texts as the engine will (the preview only highlights names it does not know).
 */
export function validateEmailTemplate(values: EmailTemplateFormValues): FieldErrorMap {
  const parsed = EmailTemplateInput.safeParse(toEmailTemplateInput(values));
  return parsed.success ? {} : zodFieldErrors(parsed.error);
}

export function sameEmailTemplateValues(a: EmailTemplateFormValues, b: EmailTemplateFormValues): boolean {
  return a.name.trim() === b.name.trim() && a.subject.trim() === b.subject.trim() && a.body === b.body;
}
