import { SEALED_PREFIX, WEB_ADDRESS_LIMITS } from '@automate/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getErrorMessage } from '@/lib/api-client.ts';
import { useSendWebAddressTest } from './api/send-web-address-test.ts';
import { useEditorContext } from './editor-context.tsx';
import { actionKey } from './issue-paths.ts';
import { MergeTextField } from './merge-text-field.tsx';
import { bindParams } from './param-binding.ts';
import type { DraftAction, Params } from './trigger-draft.ts';

type Header = { name: string; value: string };

const headersOf = (value: unknown): Header[] =>
  Array.isArray(value)
    ? value.map((header) => ({ name: String(header?.name ?? ''), value: String(header?.value ?? '') }))
    : [];

/**
 * "Send to a web address": the address, what is sent (the record as JSON, or a body written with merge
 * fields), extra headers (a value saved before is kept secret: it shows as kept and is replaced by
 * typing a new one), and "Send a test", which posts a sample and shows the answer.
 */
export function WebAddressInputs({
  action,
  onChange,
}: {
  action: DraftAction;
  onChange: (params: Params, param: string) => void;
}) {
  const { errors, vendorId, namedReferences } = useEditorContext();
  const { params } = action;
  const bind = bindParams(params, (param) => errors[actionKey(action.id, param)], onChange);
  const mode = bind.value('bodyMode') || 'json';
  const headers = headersOf(params.headers);
  const test = useSendWebAddressTest();
  const setHeaders = (next: Header[]) => bind.set('headers', next);
  const setHeader = (index: number, change: Partial<Header>) =>
    setHeaders(headers.map((header, at) => (at === index ? { ...header, ...change } : header)));

  return (
    <Stack spacing={2}>
      <TextField
        size="small"
        label="Web address"
        value={bind.value('url')}
        onChange={(event) => bind.set('url', event.target.value)}
        error={bind.error('url') !== undefined}
        helperText={bind.error('url') ?? 'An https:// address of the other system, such as a Slack or Zapier webhook.'}
        required
        fullWidth
        slotProps={{ htmlInput: { maxLength: WEB_ADDRESS_LIMITS.urlMax, inputMode: 'url' } }}
      />
      <RadioGroup
        row
        aria-label="What to send"
        value={mode}
        onChange={(event) => bind.set('bodyMode', event.target.value)}
      >
        <FormControlLabel value="json" control={<Radio size="small" />} label="The record as JSON" />
        <FormControlLabel value="template" control={<Radio size="small" />} label="A body I write" />
      </RadioGroup>
      {mode === 'template' ? <MergeTextField label="Body" {...bind.text('body')} multiline /> : null}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          Extra headers (optional; values are kept secret)
        </Typography>
        <Stack spacing={1}>
          {headers.map((header, index) => {
            const kept = header.value.startsWith(SEALED_PREFIX);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: headers have no id; a row is its place.
              <Grid container spacing={1} key={index} sx={{ alignItems: 'flex-start' }}>
                <Grid size={{ xs: 12, sm: 5 }}>
                  <TextField
                    size="small"
                    label={`Header ${index + 1} name`}
                    value={header.name}
                    onChange={(event) => setHeader(index, { name: event.target.value })}
                    fullWidth
                  />
                </Grid>
                <Grid size={{ xs: 10, sm: 6 }}>
                  <TextField
                    size="small"
                    label={`Header ${index + 1} value`}
                    type={kept ? 'text' : 'password'}
                    value={kept ? '' : header.value}
                    placeholder={kept ? 'Kept secret: type to replace' : undefined}
                    onChange={(event) => setHeader(index, { value: event.target.value })}
                    helperText={kept ? 'Saved and kept secret.' : undefined}
                    fullWidth
                    slotProps={{ htmlInput: { maxLength: WEB_ADDRESS_LIMITS.headerValueMax, autoComplete: 'off' } }}
                  />
                </Grid>
                <Grid size={{ xs: 2, sm: 1 }}>
                  <IconButton
                    aria-label={`Remove header ${index + 1}`}
                    onClick={() => setHeaders(headers.filter((_, at) => at !== index))}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Grid>
              </Grid>
            );
          })}
          {bind.error('headers') ? (
            <Typography variant="body2" color="error" role="alert">
              {bind.error('headers')}
            </Typography>
          ) : null}
          {headers.length < WEB_ADDRESS_LIMITS.headersMax ? (
            <Box>
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() => setHeaders([...headers, { name: '', value: '' }])}
              >
                Add a header
              </Button>
            </Box>
          ) : null}
        </Stack>
      </Box>
      {namedReferences ? null : (
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={test.isPending ? <CircularProgress size={16} color="inherit" /> : <SendIcon />}
            disabled={test.isPending || bind.value('url') === ''}
            onClick={() => test.mutate({ vendorId, params: { ...params, bodyMode: mode } })}
          >
            {test.isPending ? 'Sending…' : 'Send a test'}
          </Button>
          {test.isError ? (
            <Alert severity="error">{getErrorMessage(test.error, 'The test could not be sent.')}</Alert>
          ) : null}
          {test.data ? (
            <Alert severity={test.data.ok ? 'success' : 'warning'} role="status" sx={{ width: '100%' }}>
              <Typography variant="body2">{test.data.outcome}</Typography>
              {test.data.status !== null ? (
                <Typography variant="body2" component="div" sx={{ mt: 1 }}>
                  Status {test.data.status}
                  {test.data.answer ? (
                    <Box component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', m: 0, mt: 0.5 }}>
                      {test.data.answer}
                    </Box>
                  ) : null}
                </Typography>
              ) : null}
            </Alert>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
