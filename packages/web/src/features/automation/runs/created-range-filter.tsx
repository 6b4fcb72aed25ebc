import TextField from '@mui/material/TextField';
import { useSearchParams } from 'react-router';
import {
  filterValue,
  readSearchState,
  type SearchDefaults,
  type SearchState,
  writeSearchState,
} from '@/lib/search-params.ts';
import { endOfLocalDay, startOfLocalDay, toLocalDayInput } from './run-format.ts';

const BOUNDS = [
  { action: 'GtEq', label: 'Created from' },
  { action: 'LtEq', label: 'Created to' },
] as const;

/**
 * "Created from" and "Created to": local days kept in the URL's search as createdAt GtEq (start of
 * the day) and LtEq (end of the day) filters; both can apply at once, and a blank day removes its own.
 */
export function CreatedRangeFilter({ state, defaults }: { state: SearchState; defaults: SearchDefaults }) {
  const [, setParams] = useSearchParams();
  const from = toLocalDayInput(filterValue(state.Filters, 'createdAt', 'GtEq'));
  const to = toLocalDayInput(filterValue(state.Filters, 'createdAt', 'LtEq'));

  const setCreated = (action: 'GtEq' | 'LtEq', day: string) => {
    const bound = action === 'GtEq' ? startOfLocalDay(day) : endOfLocalDay(day);
    setParams(
      (current) => {
        const now = readSearchState(current, defaults);
        const others = now.Filters.filter((filter) => !(filter.field === 'createdAt' && filter.action === action));
        const Filters = bound ? [...others, { action, field: 'createdAt', value: bound.toISOString() }] : others;
        return writeSearchState({ ...now, PageNumber: 1, Filters });
      },
      { replace: true },
    );
  };

  return (
    <>
      {BOUNDS.map(({ action, label }) => (
        <TextField
          key={action}
          type="date"
          size="small"
          label={label}
          value={action === 'GtEq' ? from : to}
          onChange={(event) => setCreated(action, event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      ))}
    </>
  );
}
