import {
  groupOf,
  MERGE_FIELD_GROUP_LABELS,
  MERGE_FIELD_GROUPS,
  MERGE_FIELDS,
  type MergeFieldName,
} from '@automate/contract';
import DataObjectIcon from '@mui/icons-material/DataObject';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

/** How a merge field is written in a text. */
export function mergeTag(name: string): string {
  return `{{ ${name} }}`;
}

/** `snippet` in place of the selection `start`–`end` of `text`; the cursor goes just after it. */
export function insertAt(text: string, start: number, end: number, snippet: string): { text: string; cursor: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: `${text.slice(0, from)}${snippet}${text.slice(to)}`, cursor: from + snippet.length };
}

/**
 * "Insert merge field": a menu of the merge fields, grouped by the record they come from, with what each
 * holds. `fields` narrows it to those a text can use (a trigger's event decides); picking one calls `onPick`.
 */
export function MergeFieldPicker({
  target,
  onPick,
  fields,
}: {
  /** What the field is inserted into, for the button's accessible name ("the subject"). */
  target: string;
  onPick: (name: MergeFieldName) => void;
  fields?: readonly MergeFieldName[];
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const close = () => setAnchor(null);
  const offered = MERGE_FIELDS.filter((field) => !fields || fields.includes(field.name));

  return (
    <>
      <Button
        id={buttonId}
        size="small"
        startIcon={<DataObjectIcon />}
        aria-label={`Insert merge field into ${target}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Insert merge field
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        // The field gets the focus back, with the cursor after what was inserted.
        disableRestoreFocus
        slotProps={{
          list: { 'aria-labelledby': buttonId, dense: true },
          paper: { sx: { maxHeight: 420, maxWidth: 420 } },
        }}
      >
        {MERGE_FIELD_GROUPS.flatMap((group) => {
          const inGroup = offered.filter((field) => groupOf(field.name) === group);
          if (inGroup.length === 0) return [];
          return [
            <ListSubheader key={group} sx={{ lineHeight: '32px' }}>
              {MERGE_FIELD_GROUP_LABELS[group]}
            </ListSubheader>,
            ...inGroup.map((field) => (
              <MenuItem
                key={field.name}
                onClick={() => {
                  close();
                  onPick(field.name);
                }}
              >
                <ListItemText
                  primary={mergeTag(field.name)}
                  secondary={field.description}
                  slotProps={{
                    primary: { sx: { fontFamily: 'monospace', fontSize: 14 } },
                    secondary: { sx: { whiteSpace: 'normal' } },
                  }}
                />
              </MenuItem>
            )),
          ];
        })}
      </Menu>
    </>
  );
}
