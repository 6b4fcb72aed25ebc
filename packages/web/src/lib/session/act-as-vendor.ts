import { useNavigate } from 'react-router';
import { useSessionStore } from './session.ts';

/** The vendor a super admin acts as: what the sidebar's vendor selector keeps as the override. */
export type ActingVendor = { id: string; name: string; sm8Connected: boolean };

/**
 * A super admin's way into a vendor's app: sets the vendor override (as picking the vendor in the
 * sidebar does), then opens `path` under /app as that vendor's Admin.
 */
export function useActAsVendor(): (vendor: ActingVendor, path: string) => void {
  const store = useSessionStore();
  const navigate = useNavigate();
  return (vendor, path) => {
    store.setVendorContext(vendor.id, { override: { name: vendor.name, sm8Connected: vendor.sm8Connected } });
    void navigate(path);
  };
}
