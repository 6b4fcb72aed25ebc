import type { VendorMembership } from '@automate/contract';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { type Params, useParams } from 'react-router';
import { NoVendorNotice } from '@/features/automation/list/no-vendor-notice.tsx';
import { useCurrentVendor } from '@/lib/session/session.ts';
import { PAGE_PADDING } from '../route-pages.tsx';

/** A page of the current vendor's automations; without a vendor, what to do instead. */
export function vendorRoute(render: (vendor: VendorMembership, params: Readonly<Params>) => ReactNode) {
  return function VendorRoute() {
    const vendor = useCurrentVendor();
    const params = useParams();
    return <Box sx={PAGE_PADDING}>{vendor ? render(vendor, params) : <NoVendorNotice />}</Box>;
  };
}
