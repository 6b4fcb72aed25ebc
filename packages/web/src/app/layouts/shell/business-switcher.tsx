import type { VendorMembership } from '@automate/contract';
import CheckIcon from '@mui/icons-material/Check';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { memo, useId, useState } from 'react';

/** "Admin · ServiceM8 connected": what the person is in a business, and whether it is connected. */
function membershipSummary(vendor: Pick<VendorMembership, 'role' | 'sm8Connected'>): string {
  return `${vendor.role} · ${vendor.sm8Connected ? 'ServiceM8 connected' : 'ServiceM8 not connected'}`;
}

/**
 * "Switch business": the businesses the person belongs to, each with their role and whether it is
 * connected to ServiceM8, the current one ticked. In the header (`placement="header"`, the current name
 * beside the icon from the small breakpoint up) and in the phone's drawer (a full-width button).
 */
export const BusinessSwitcher = memo(function BusinessSwitcher({
  vendors,
  currentVendorId,
  onSwitch,
  placement,
}: {
  vendors: readonly VendorMembership[];
  currentVendorId: string | null;
  onSwitch: (vendor: VendorMembership) => void;
  placement: 'header' | 'drawer';
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = vendors.find((vendor) => vendor.vendorId === currentVendorId);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        color="inherit"
        startIcon={<SwapHorizIcon />}
        fullWidth={placement === 'drawer'}
        variant={placement === 'drawer' ? 'outlined' : 'text'}
        sx={
          placement === 'header'
            ? { textTransform: 'none', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }
            : { textTransform: 'none', mt: 1, justifyContent: 'flex-start' }
        }
        title={current ? `Working on ${current.name}` : undefined}
      >
        {placement === 'header' ? (
          <>
            <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              Switch business
            </span>
            <Box
              component="span"
              aria-hidden="true"
              sx={{
                display: { xs: 'none', sm: 'inline' },
                maxWidth: 220,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {current?.name ?? 'Choose a business'}
            </Box>
          </>
        ) : (
          'Switch business'
        )}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        slotProps={{ list: { 'aria-label': 'Your businesses', dense: false } }}
      >
        <ListSubheader component="div" sx={{ lineHeight: 2.5 }}>
          Switch business
        </ListSubheader>
        {vendors.map((vendor) => {
          const isCurrent = vendor.vendorId === currentVendorId;
          return (
            <MenuItem
              key={vendor.vendorId}
              selected={isCurrent}
              onClick={() => {
                close();
                if (!isCurrent) onSwitch(vendor);
              }}
            >
              <ListItemIcon>{isCurrent ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText primary={vendor.name} secondary={membershipSummary(vendor)} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
});
