import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useAllVendorNames } from '../api/search-vendors.ts';

/** A select of every vendor by name that filters a super admin's list by vendor; "All vendors" removes it. */
export function VendorFilter({ value, onChange }: { value: string; onChange: (vendorId: string | null) => void }) {
  const vendors = useAllVendorNames();
  const rows = vendors.data ?? [];
  const known = value === '' || rows.some((vendor) => vendor.id === value);
  return (
    <TextField
      select
      size="small"
      label="Vendor"
      value={value}
      onChange={(event) => onChange(event.target.value || null)}
      sx={{ minWidth: 220 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">All vendors</MenuItem>
      {known ? null : <MenuItem value={value}>{vendors.isPending ? 'Loading…' : 'A vendor not listed'}</MenuItem>}
      {rows.map((vendor) => (
        <MenuItem key={vendor.id} value={vendor.id}>
          {vendor.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
