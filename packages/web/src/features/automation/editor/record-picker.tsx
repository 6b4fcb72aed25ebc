import type { ClientChoice, FormResponseChoice, JobChoice } from '@automate/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { type RecordChoice, type RecordList, useRecordSearch } from './api/search-records.ts';

/** How a picker names its records: the field, its hints, and each option's two lines. */
type PickerWords<L extends RecordList> = {
  label: string;
  placeholder: string;
  help: string;
  noMatch: string;
  none: string;
  loadFailed: string;
  title: (choice: RecordChoice<L>) => string;
  detail: (choice: RecordChoice<L>) => string;
};

const joined = (...parts: string[]) => parts.filter((part) => part.trim() !== '').join(' · ');

const WORDS: { [L in RecordList]: PickerWords<L> } = {
  jobs: {
    label: 'Job',
    placeholder: 'Job number, client, address…',
    help: 'Search your ServiceM8 jobs by number, client, address or description.',
    noMatch: 'No job matches. Try the job number.',
    none: 'No recent jobs.',
    loadFailed: 'Jobs could not be read from ServiceM8.',
    title: (job: JobChoice) => `Job ${job.number} · ${job.status}`,
    detail: (job: JobChoice) => joined(job.clientName, job.address) || job.description,
  },
  clients: {
    label: 'Client',
    placeholder: 'Client name or address…',
    help: 'Search your ServiceM8 clients by name or address.',
    noMatch: 'No client matches.',
    none: 'No clients.',
    loadFailed: 'Clients could not be read from ServiceM8.',
    title: (client: ClientChoice) => client.name,
    detail: (client: ClientChoice) => client.address,
  },
  'form-responses': {
    label: 'Form response',
    placeholder: 'Form name, job number or client…',
    help: 'Search the forms submitted in the last 90 days by the form’s name, job number or client.',
    noMatch: 'No submitted form matches.',
    none: 'No forms were submitted in the last 90 days.',
    loadFailed: 'Form responses could not be read from ServiceM8.',
    title: (response: FormResponseChoice) => response.formName,
    detail: (response: FormResponseChoice) => joined(response.regarding, response.submittedAt),
  },
};

/**
 * Picks a job, client or submitted form of the vendor's ServiceM8 account by what people know of it
 * (the server asks ServiceM8 and filters); answers the record with its uuid.
 */
export function RecordPicker<L extends RecordList>({
  vendorId,
  list,
  value,
  onChange,
  error,
}: {
  vendorId: string;
  list: L;
  value: RecordChoice<L> | null;
  onChange: (choice: RecordChoice<L> | null) => void;
  error?: string | undefined;
}) {
  const words = WORDS[list] as PickerWords<L>;
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const found = useRecordSearch(vendorId, list, search);
  const problem = found.isError ? getErrorMessage(found.error, words.loadFailed) : undefined;
  return (
    <Autocomplete
      size="small"
      options={found.data ?? []}
      value={value}
      onChange={(_event, choice) => onChange(choice)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      // The server filters; every answer it gives is shown.
      filterOptions={(options) => options}
      getOptionLabel={(choice) => joined(words.title(choice), words.detail(choice))}
      isOptionEqualToValue={(option, chosen) => option.uuid === chosen.uuid}
      loading={found.isFetching}
      noOptionsText={search ? words.noMatch : words.none}
      renderOption={(props, choice) => (
        <Box component="li" {...props} key={choice.uuid}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {words.title(choice)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {words.detail(choice)}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={words.label}
          placeholder={words.placeholder}
          error={Boolean(error ?? problem)}
          helperText={error ?? problem ?? words.help}
        />
      )}
    />
  );
}
