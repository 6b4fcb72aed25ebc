/** Query keys of what the trigger editor reads besides the trigger (pickers' data). */
export const editorKeys = {
  reference: (vendorId: string) => ['servicem8-reference', vendorId] as const,
  emailTemplates: (vendorId: string) => ['email-templates', 'fetch', vendorId] as const,
};
