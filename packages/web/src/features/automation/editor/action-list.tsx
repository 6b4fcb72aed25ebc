import { ACTION_WORDS, actionsFor, TRIGGER_LIMITS, type TriggerActionType } from '@automate/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type MouseEvent, useState } from 'react';
import { ActionInputs } from './action-inputs.tsx';
import { useEditorContext, useFieldError } from './editor-context.tsx';
import { actionKey } from './issue-paths.ts';
import { type DraftAction, newAction } from './trigger-draft.ts';
import type { Clear } from './use-definition-draft.ts';

export type EditActions = (change: (actions: DraftAction[]) => DraftAction[], clear?: Clear) => void;

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The actions, performed in this order: add by type, remove, move up or down, each with its inputs. */
export function ActionList({ actions, edit }: { actions: readonly DraftAction[]; edit: EditActions }) {
  const error = useFieldError('actions');
  const full = actions.length >= TRIGGER_LIMITS.actionsMax;
  const add = (type: TriggerActionType) =>
    edit(
      (current) => [
        ...current,
        newAction(
          type,
          current.map((item) => item.id),
        ),
      ],
      { key: 'actions' },
    );

  return (
    <Stack spacing={1.5}>
      {actions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No actions yet: add what should happen when the trigger runs.
        </Typography>
      ) : null}
      {actions.map((action, index) => (
        <ActionCard key={action.id} action={action} index={index} count={actions.length} edit={edit} />
      ))}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
      <Box>
        <AddActionButton onAdd={add} disabled={full} />
        {full ? <FormHelperText>A trigger can have at most {TRIGGER_LIMITS.actionsMax} actions.</FormHelperText> : null}
      </Box>
    </Stack>
  );
}

function ActionCard({
  action,
  index,
  count,
  edit,
}: {
  action: DraftAction;
  index: number;
  count: number;
  edit: EditActions;
}) {
  const { errors, releaseAttachment } = useEditorContext();
  const error = errors[actionKey(action.id)];
  const words = ACTION_WORDS[action.type];
  const position = `${index + 1}. ${words.label}`;

  const change = (params: DraftAction['params'], param: string) =>
    edit((current) => current.map((item) => (item.id === action.id ? { ...item, params } : item)), {
      key: actionKey(action.id, param),
    });
  const shift = (by: number) =>
    edit((current) => {
      const from = current.findIndex((item) => item.id === action.id);
      const to = from + by;
      return from < 0 || to < 0 || to >= current.length ? current : move(current, from, to);
    });
  const remove = () => {
    if (action.type === 'Job_SendAttachment' && typeof action.params.attachmentId === 'string') {
      releaseAttachment(action.params.attachmentId);
    }
    edit((current) => current.filter((item) => item.id !== action.id), {
      key: actionKey(action.id),
      withChildren: true,
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="group" aria-label={position} data-testid="action">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', mb: 2 }}>
        <Avatar sx={{ width: 28, height: 28, fontSize: 14, bgcolor: 'primary.main' }}>{index + 1}</Avatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" component="h3" sx={{ lineHeight: 1.4 }}>
            {words.label}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {words.help}
          </Typography>
        </Box>
        <Tooltip describeChild title="Move up">
          <span>
            <IconButton
              size="small"
              aria-label={`Move ${position} up`}
              onClick={() => shift(-1)}
              disabled={index === 0}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip describeChild title="Move down">
          <span>
            <IconButton
              size="small"
              aria-label={`Move ${position} down`}
              onClick={() => shift(1)}
              disabled={index === count - 1}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Remove this action">
          <IconButton size="small" aria-label={`Remove ${position}`} onClick={remove}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <ActionInputs action={action} onChange={change} />
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Paper>
  );
}

/** "Add action": a menu of the actions the trigger's event can do, with what each does. */
function AddActionButton({ onAdd, disabled }: { onAdd: (type: TriggerActionType) => void; disabled: boolean }) {
  const { event } = useEditorContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const pick = (type: TriggerActionType) => {
    setAnchor(null);
    onAdd(type);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<AddIcon />} onClick={open} disabled={disabled}>
        Add action
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actionsFor(event).map((type) => (
          <MenuItem key={type} onClick={() => pick(type)}>
            <ListItemText primary={ACTION_WORDS[type].label} secondary={ACTION_WORDS[type].help} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
