import {
  CONDITION_RECORD,
  CONDITION_WORDS,
  type ConditionType,
  conditionsFor,
  type LogicalCombiner,
  type RunRecord,
  TRIGGER_LIMITS,
} from '@automate/contract';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, type MouseEvent, useState } from 'react';
import { ConditionInputs } from './condition-inputs.tsx';
import { useEditorContext, useFieldError } from './editor-context.tsx';
import { conditionKey } from './issue-paths.ts';
import { COMBINER_WORDS } from './labels.ts';
import {
  type DraftCondition,
  type DraftGroup,
  newCondition,
  newGroup,
  TOP_GROUP_KEY,
  updateGroup,
  updateItem,
} from './trigger-draft.ts';
import type { Clear } from './use-definition-draft.ts';

export type EditConditions = (change: (root: DraftGroup) => DraftGroup, clear?: Clear) => void;

const groupErrorKey = (group: DraftGroup) => (group.key === TOP_GROUP_KEY ? 'conditions' : conditionKey(group.key));

/**
 * The conditions: a top group (And/Or) of conditions and nested groups, at most
 * `TRIGGER_LIMITS.conditionDepthMax` levels deep. Each condition has its own inputs.
 */
export function ConditionBuilder({ root, edit }: { root: DraftGroup; edit: EditConditions }) {
  return <ConditionGroupView group={root} depth={1} edit={edit} />;
}

function ConditionGroupView({ group, depth, edit }: { group: DraftGroup; depth: number; edit: EditConditions }) {
  const error = useFieldError(groupErrorKey(group));
  const nested = depth > 1;
  const full = group.items.length >= TRIGGER_LIMITS.groupItemsMax;
  const tooDeep = depth >= TRIGGER_LIMITS.conditionDepthMax;
  const label = nested ? `Condition group, level ${depth}` : 'Conditions';

  const setCombiner = (combiner: LogicalCombiner) =>
    edit((root) => updateGroup(root, group.key, (current) => ({ ...current, combiner })));
  const addCondition = (type: ConditionType) =>
    edit(
      (root) =>
        updateGroup(root, group.key, (current) => ({ ...current, items: [...current.items, newCondition(type)] })),
      { key: groupErrorKey(group) },
    );
  const addGroup = () =>
    edit((root) => updateGroup(root, group.key, (current) => ({ ...current, items: [...current.items, newGroup()] })), {
      key: groupErrorKey(group),
    });
  const removeGroup = () =>
    edit((root) => updateItem(root, group.key, () => null), { key: conditionKey(group.key), withChildren: true });

  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={label}
      sx={{
        p: 2,
        bgcolor: nested ? 'action.hover' : undefined,
        borderLeftWidth: nested ? 4 : 1,
        borderLeftColor: nested ? 'primary.light' : undefined,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: group.items.length > 0 ? 2 : 1 }}>
        <TextField
          select
          size="small"
          label={nested ? 'This group holds when' : 'Run when'}
          value={group.combiner}
          onChange={(event) => setCombiner(event.target.value as LogicalCombiner)}
          sx={{ minWidth: 240 }}
        >
          {(['And', 'Or'] as const).map((combiner) => (
            <MenuItem key={combiner} value={combiner}>
              {COMBINER_WORDS[combiner]}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        {nested ? (
          <Tooltip title="Remove this group and its conditions">
            <IconButton aria-label="Remove group" onClick={removeGroup} size="small">
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </Stack>

      {group.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {nested
            ? 'An empty group: add a condition to it, or remove it.'
            : 'No conditions: the actions run every time the event happens.'}
        </Typography>
      ) : null}

      <Stack spacing={1.5}>
        {group.items.map((item, index) => (
          <Fragment key={item.key}>
            {index > 0 ? (
              <Divider textAlign="left">
                <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
                  {group.combiner === 'And' ? 'AND' : 'OR'}
                </Typography>
              </Divider>
            ) : null}
            {item.kind === 'group' ? (
              <ConditionGroupView group={item} depth={depth + 1} edit={edit} />
            ) : (
              <ConditionRow condition={item} edit={edit} />
            )}
          </Fragment>
        ))}
      </Stack>

      {error ? <FormHelperText error>{error}</FormHelperText> : null}

      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <AddConditionButton onAdd={addCondition} disabled={full} />
        <Tooltip
          describeChild
          title={
            tooDeep
              ? `Groups can nest at most ${TRIGGER_LIMITS.conditionDepthMax} levels deep.`
              : 'A group combines its own conditions with And or Or.'
          }
        >
          <span>
            <Button size="small" startIcon={<AccountTreeIcon />} onClick={addGroup} disabled={full || tooDeep}>
              Add group
            </Button>
          </span>
        </Tooltip>
      </Stack>
    </Paper>
  );
}

function ConditionRow({ condition, edit }: { condition: DraftCondition; edit: EditConditions }) {
  const error = useFieldError(conditionKey(condition.key));
  const words = CONDITION_WORDS[condition.type];
  const change = (params: DraftCondition['params'], param: string) =>
    edit((root) => updateItem(root, condition.key, (item) => ({ ...item, params }) as DraftCondition), {
      key: conditionKey(condition.key, param),
    });
  const remove = () =>
    edit((root) => updateItem(root, condition.key, () => null), {
      key: conditionKey(condition.key),
      withChildren: true,
    });

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="condition" role="group" aria-label={words.label}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="subtitle2">{words.label}</Typography>
          <Typography variant="caption" color="text.secondary">
            {words.help}
          </Typography>
        </Box>
        <Tooltip title="Remove this condition">
          <IconButton aria-label={`Remove condition ${words.label}`} onClick={remove} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <ConditionInputs condition={condition} onChange={change} />
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Paper>
  );
}

/** The condition menu's headings, by the record the conditions under them look at. */
const MENU_SECTIONS: ReadonlyArray<{ record: RunRecord | null; heading: string }> = [
  { record: null, heading: 'The event' },
  { record: 'job', heading: 'Job' },
  { record: 'client', heading: 'Client' },
  { record: 'form', heading: 'Form response' },
];

/** "Add condition": a menu of the conditions the trigger's event can check, grouped by the record they look at. */
function AddConditionButton({ onAdd, disabled }: { onAdd: (type: ConditionType) => void; disabled: boolean }) {
  const { event } = useEditorContext();
  const offered = conditionsFor(event);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const pick = (type: ConditionType) => {
    setAnchor(null);
    onAdd(type);
  };
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={open} disabled={disabled}>
        Add condition
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {MENU_SECTIONS.flatMap(({ record, heading }) => {
          const types = offered.filter((type) => CONDITION_RECORD[type] === record);
          if (types.length === 0) return [];
          return [
            <ListSubheader key={`section-${heading}`}>{heading}</ListSubheader>,
            ...types.map((type) => (
              <MenuItem key={type} onClick={() => pick(type)}>
                {CONDITION_WORDS[type].label}
              </MenuItem>
            )),
          ];
        })}
      </Menu>
    </>
  );
}
