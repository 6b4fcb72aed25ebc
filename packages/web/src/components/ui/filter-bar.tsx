import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { type ReactNode, useId, useState } from 'react';
import type { SearchState } from '@/lib/search-params.ts';
import { usePhone } from '@/lib/use-phone.ts';

/** How many filters a search has: each field once, however many conditions it has (a range has two). */
export function activeFilterCount(state: Pick<SearchState, 'Filters'>): number {
  return new Set(state.Filters.map((filter) => filter.field)).size;
}

/**
 * A list's filters, as a search landmark. Side by side on a wide screen; on a phone folded behind a
 * "Filters" button that says how many are active ("Filters (2)") and opens them below it.
 */
export function FilterBar({ active, children }: { active: number; children: ReactNode }) {
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const filters = (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {children}
    </Stack>
  );
  if (!phone) {
    return (
      <Box role="search" sx={{ p: 2, pb: 1 }}>
        {filters}
      </Box>
    );
  }
  return (
    <Box role="search" sx={{ p: 2, pb: 1 }}>
      <Button
        variant={active > 0 ? 'contained' : 'outlined'}
        startIcon={<FilterListIcon />}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </Button>
      <Collapse in={open} id={panelId} unmountOnExit>
        <Box sx={{ pt: 2 }}>{filters}</Box>
      </Collapse>
    </Box>
  );
}
