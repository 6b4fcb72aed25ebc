import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

/** A settings form's Save (submits the form) and Undo changes (back to what was saved), both idle until it changes. */
export function SaveUndoButtons({ dirty, saving, onUndo }: { dirty: boolean; saving: boolean; onUndo: () => void }) {
  return (
    <Stack direction="row" spacing={1}>
      <Button type="submit" variant="contained" disabled={!dirty} loading={saving}>
        Save
      </Button>
      <Button disabled={!dirty || saving} onClick={onUndo}>
        Undo changes
      </Button>
    </Stack>
  );
}
