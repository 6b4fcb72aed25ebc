import type { VendorMembership } from '@automate/contract';
import Alert from '@mui/material/Alert';
import { useCurrentVendor } from '@/lib/session/session.ts';

/** The vendor whose templates are shown (the session's current vendor), and whether this person may change them. */
export type TemplateAccess = { vendor: VendorMembership; canEdit: boolean };

/** Members read the vendor's templates; only its Admins (and a super admin working on it) change them. */
export function useTemplateAccess(): TemplateAccess | null {
  const vendor = useCurrentVendor();
  return vendor ? { vendor, canEdit: vendor.role === 'Admin' } : null;
}

/** Shown instead of the screens when the person is not working on a vendor. */
export function NoVendorNotice() {
  return (
    <Alert severity="info" sx={{ maxWidth: 760 }} data-testid="no-vendor">
      Email templates belong to a business. Choose the business to work on first (super admins: the vendor selector in
      the sidebar).
    </Alert>
  );
}

/** Why a member sees templates read-only. */
export function ReadOnlyNotice({ vendorName, children }: { vendorName: string; children: string }) {
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="read-only-note">
      {children} Only Admins of {vendorName} can create, change or delete email templates.
    </Alert>
  );
}
