/**
 * Query keys of what the trigger editor reads besides the trigger (pickers' data). Email templates come
 * from the email-templates feature's own query, so a template saved there shows in the editor at once.
 */
export const editorKeys = {
  reference: (vendorId: string) => ['servicem8-reference', vendorId] as const,
  records: (vendorId: string, list: string, search: string) => ['servicem8-records', vendorId, list, search] as const,
};
