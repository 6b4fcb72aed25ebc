import type { Vendor } from '@automate/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useNotifications } from '@/lib/notifications.ts';
import { useVendorOptions, VENDORS_LOAD_FAILED } from '../api/search-vendors.ts';

export type VendorChoice = Pick<Vendor, 'id' | 'name' | 'sm8Connected' | 'currentSubscriptionType'>;

/**
 * The super admin's vendor selector: the subscribed vendors by name. Picking one calls
 * `onSelect(vendor)`, clearing it `onSelect(null)`. A failed list shows an error notification with the
 * server's message, else the error's own, else 'Failed to load vendors.'.
 */
export function VendorSelector({
  value,
  onSelect,
  onVendorsLoaded,
}: {
  /** The current vendor (id and name), shown even before the list arrives. */
  value: { vendorId: string; name: string } | null;
  onSelect: (vendor: VendorChoice | null) => void;
  /** Lets the caller refresh what it knows about the current vendor once the list is in. */
  onVendorsLoaded?: (vendors: readonly Vendor[]) => void;
}) {
  const vendors = useVendorOptions({ enabled: true });
  const { notify } = useNotifications();

  useEffect(() => {
    if (vendors.isError) notify(getErrorMessage(vendors.error, VENDORS_LOAD_FAILED), 'error');
  }, [vendors.isError, vendors.error, notify]);

  useEffect(() => {
    if (vendors.data) onVendorsLoaded?.(vendors.data);
  }, [vendors.data, onVendorsLoaded]);

  const options = useMemo<VendorChoice[]>(() => {
    const list: VendorChoice[] = vendors.data ?? [];
    if (value && !list.some((vendor) => vendor.id === value.vendorId)) {
      return [{ id: value.vendorId, name: value.name, sm8Connected: false, currentSubscriptionType: null }, ...list];
    }
    return list;
  }, [vendors.data, value]);

  const selected = value ? (options.find((vendor) => vendor.id === value.vendorId) ?? null) : null;

  return (
    <Autocomplete
      size="small"
      options={options}
      value={selected}
      loading={vendors.isFetching}
      getOptionLabel={(vendor) => vendor.name}
      getOptionKey={(vendor) => vendor.id}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      onChange={(_event, vendor) => onSelect(vendor)}
      noOptionsText={vendors.isError ? VENDORS_LOAD_FAILED : 'No subscribed vendors'}
      renderInput={(params) => <TextField {...params} label="Vendor" placeholder="Choose a vendor" />}
      data-testid="vendor-selector"
    />
  );
}
