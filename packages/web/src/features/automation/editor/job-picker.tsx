import type { JobChoice } from '@automate/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useJobSearch } from './api/search-jobs.ts';

const describe = (job: JobChoice) =>
  [`Job ${job.number}`, job.clientName, job.address].filter((part) => part.trim() !== '').join(' · ');

/**
 * Picks a job of the vendor's ServiceM8 account by its number, client, address or description (the
 * server asks ServiceM8); answers the job's uuid.
 */
export function JobPicker({
  vendorId,
  value,
  onChange,
  error,
}: {
  vendorId: string;
  value: JobChoice | null;
  onChange: (job: JobChoice | null) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const jobs = useJobSearch(vendorId, search, { enabled: true });
  const problem = jobs.isError ? getErrorMessage(jobs.error, 'Jobs could not be read from ServiceM8.') : undefined;
  return (
    <Autocomplete
      size="small"
      options={jobs.data ?? []}
      value={value}
      onChange={(_event, job) => onChange(job)}
      inputValue={text}
      onInputChange={(_event, next) => setText(next)}
      // The server filters; every answer it gives is shown.
      filterOptions={(options) => options}
      getOptionLabel={describe}
      isOptionEqualToValue={(option, chosen) => option.uuid === chosen.uuid}
      loading={jobs.isFetching}
      noOptionsText={search ? 'No job matches. Try the job number.' : 'No recent jobs.'}
      renderOption={(props, job) => (
        <Box component="li" {...props} key={job.uuid}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Job {job.number} · {job.status}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[job.clientName, job.address].filter(Boolean).join(' · ') || job.description}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Job"
          placeholder="Job number, client, address…"
          error={Boolean(error ?? problem)}
          helperText={error ?? problem ?? 'Search your ServiceM8 jobs by number, client, address or description.'}
        />
      )}
    />
  );
}
