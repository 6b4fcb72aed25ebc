/** The trigger API of one vendor: `/api/vendor/{vendorId}/Trigger…` (the client adds `/api`). */
export function triggerApiPath(vendorId: string, ...segments: string[]): string {
  const rest = segments.map((segment) => `/${encodeURIComponent(segment)}`).join('');
  return `/vendor/${encodeURIComponent(vendorId)}/Trigger${rest}`;
}
