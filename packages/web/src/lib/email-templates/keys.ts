import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of a vendor's email templates, shared by every screen that shows them (the templates pages
 * and the trigger editor's picker), per vendor (a super admin switching vendors never sees the
 * previous vendor's templates): invalidating `vendor(id)` refreshes every view of that vendor's templates.
 */
export const emailTemplateKeys = {
  all: ['email-templates'] as const,
  vendor: (vendorId: string) => ['email-templates', vendorId] as const,
  list: (vendorId: string) => ['email-templates', vendorId, 'list'] as const,
  detail: (vendorId: string, id: string) => ['email-templates', vendorId, 'detail', id] as const,
};

/** After a change: the vendor's list loads again (a template's own entry is set from the answer). */
export async function refreshEmailTemplateList(client: QueryClient, vendorId: string): Promise<void> {
  await client.invalidateQueries({ queryKey: emailTemplateKeys.list(vendorId) });
}

/** The path of a vendor's templates: `/Vendor/{id}/email/templates…`. */
export function templatesPath(vendorId: string, rest = ''): string {
  return `/Vendor/${encodeURIComponent(vendorId)}/email/templates${rest}`;
}
