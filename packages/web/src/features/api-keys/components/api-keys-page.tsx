import { API_KEY_REQUESTS_PER_MINUTE, type ApiKeyScope } from '@automate/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog.tsx';
import { ShownOnce } from '@/components/ui/shown-once.tsx';
import { VISUALLY_HIDDEN } from '@/components/ui/visually-hidden.ts';
import { getErrorMessage } from '@/lib/api-client.ts';
import { formatVendorTime, useVendorTimeZone } from '@/lib/vendor-time.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.ts';

const SCOPE_WORDS: Record<ApiKeyScope, string> = { read: 'Read only', 'read-write': 'Read and write' };

/**
 * Account › API keys: make a key for a script (shown once), see each key with its last use, revoke one.
 * Keys work on the automation API only: triggers, switching them on or off, runs and dry runs.
 */
export function ApiKeysPage({ vendorId }: { vendorId: string }) {
  const keys = useApiKeys(vendorId);
  const create = useCreateApiKey(vendorId);
  const revoke = useRevokeApiKey(vendorId);
  const confirm = useConfirm();
  const timeZone = useVendorTimeZone(vendorId);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name, scope }, { onSuccess: () => setName('') });
  };
  const askRevoke = async (id: string, keyName: string) => {
    const confirmed = await confirm({
      title: `Revoke “${keyName}”?`,
      message: 'Scripts using this key stop working at once.',
      confirmText: 'Revoke',
      destructive: true,
    });
    if (confirmed) revoke.mutate(id);
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 900 }}>
      <Typography variant="body2">
        Send a key as <code>Authorization: Bearer atm_live_…</code> to the automation API (triggers, runs and dry runs;
        see the API documentation at /api/docs). Keys do not work on account, billing or team pages. Each key may make{' '}
        {API_KEY_REQUESTS_PER_MINUTE} requests a minute; what a key changes is in the activity history under its name.
      </Typography>
      <Paper variant="outlined" component="form" onSubmit={submit} aria-labelledby="new-key-heading" sx={{ p: 2 }}>
        <Typography id="new-key-heading" variant="h6" component="h2" gutterBottom>
          New key
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            size="small"
            label="Key name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ flex: 1 }}
          />
          <TextField
            select
            size="small"
            label="Access"
            value={scope}
            onChange={(event) => setScope(event.target.value as ApiKeyScope)}
            sx={{ minWidth: 180 }}
          >
            {(Object.keys(SCOPE_WORDS) as ApiKeyScope[]).map((value) => (
              <MenuItem key={value} value={value}>
                {SCOPE_WORDS[value]}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            Make the key
          </Button>
        </Stack>
        {create.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {getErrorMessage(create.error, 'The key could not be made.')}
          </Alert>
        ) : null}
        {create.data ? (
          <ShownOnce
            label="New API key"
            value={create.data.key}
            warning={`Copy the key “${create.data.name}” now: it is not shown again.`}
          />
        ) : null}
      </Paper>
      {keys.isError ? (
        <Alert severity="error">{getErrorMessage(keys.error, 'The keys could not be loaded.')}</Alert>
      ) : null}
      {revoke.isError ? (
        <Alert severity="error">{getErrorMessage(revoke.error, 'The key could not be revoked.')}</Alert>
      ) : null}
      {keys.data && keys.data.length === 0 ? <Typography variant="body2">No API keys yet.</Typography> : null}
      {keys.data && keys.data.length > 0 ? (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="API keys">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Access</TableCell>
                <TableCell>Starts with</TableCell>
                <TableCell>Made</TableCell>
                <TableCell>Last used</TableCell>
                <TableCell>
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    Revoke
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {keys.data.map((key) => (
                <TableRow key={key.id}>
                  <TableCell>{key.name}</TableCell>
                  <TableCell>{SCOPE_WORDS[key.scope]}</TableCell>
                  <TableCell>
                    <code>{key.start}</code>
                  </TableCell>
                  <TableCell>{formatVendorTime(key.createdAt, timeZone)}</TableCell>
                  <TableCell>{key.lastUsedAt ? formatVendorTime(key.lastUsedAt, timeZone) : 'Never'}</TableCell>
                  <TableCell>
                    <Button size="small" color="error" onClick={() => askRevoke(key.id, key.name)}>
                      Revoke<Box component="span" sx={VISUALLY_HIDDEN}>{` ${key.name}`}</Box>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
    </Stack>
  );
}
