import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { ComponentProps } from 'react';
import { SearchScreen } from './search-screen.tsx';

/**
 * A super admin's list of records it writes (articles, FAQ entries, templates; drafts too): a search
 * screen whose heading has the New button.
 */
export function RecordSearchList<T extends { id: string }>({
  newPath,
  newLabel,
  ...screen
}: Omit<ComponentProps<typeof SearchScreen<T>>, 'actions'> & { newPath: string; newLabel: string }) {
  return (
    <SearchScreen
      {...screen}
      actions={
        <Button href={newPath} variant="contained" startIcon={<AddIcon />}>
          {newLabel}
        </Button>
      }
    />
  );
}
