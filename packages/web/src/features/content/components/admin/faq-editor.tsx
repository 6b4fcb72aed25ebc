import { CONTENT_IMAGE_LIMITS, type Faq, type SearchQueryInput } from '@automate/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useCallback } from 'react';
import { FormActionBar } from '@/components/ui/form-action-bar.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { MarkdownEditor } from '@/components/ui/markdown-editor.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useRecordEditor } from '@/components/ui/use-record-editor.ts';
import { isApiError } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
import { useCreateFaq } from '../../api/create-faq.ts';
import { useDeleteFaq } from '../../api/delete-faq.ts';
import { useFaq } from '../../api/get-faq.ts';
import { useFaqSearch } from '../../api/search-faqs.ts';
import { useUpdateFaq } from '../../api/update-faq.ts';
import { uploadFaqImage } from '../../api/upload-faq-image.ts';
import { PUBLIC_HELP_PATHS } from '../../help-paths.ts';
import { adminFaqPath } from './admin-faqs.tsx';
import { faqFormValues, sameFaqValues, toFaqInput, validateFaq } from './faq-form-values.ts';

const FAQ_SEARCH_PATH = '/admin/faq/search';
const NEW_ID = 'new';
const LOAD_FAILED = 'The FAQ entry could not be loaded.';
const SAVE_FAILED = 'The FAQ entry could not be saved.';
const DELETE_FAILED = 'The FAQ entry could not be deleted.';
/** New entries go after the last one, leaving room to slot others in between. */
const SORT_STEP = 10;
const LAST_ENTRY: SearchQueryInput = { PageNumber: 1, PageSize: 1, SortBy: 'sortOrder', SortDir: 'Descending' };

function BackToFaq() {
  return (
    <Button href={FAQ_SEARCH_PATH} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1, ml: -1 }}>
      FAQ
    </Button>
  );
}

function EditorSkeleton() {
  return (
    <Box role="progressbar" aria-label="Loading the question">
      <Skeleton variant="text" sx={{ fontSize: '2.125rem', width: '40%', mb: 3 }} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={3}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={320} />
        </Stack>
      </Paper>
    </Box>
  );
}

/** A new entry: its order goes after the current last one. */
function NewFaq() {
  const last = useFaqSearch(LAST_ENTRY);
  if (last.isPending) {
    return (
      <>
        <BackToFaq />
        <EditorSkeleton />
      </>
    );
  }
  const lastOrder = last.data?.rows[0]?.sortOrder;
  const next = lastOrder === undefined ? SORT_STEP : Math.min(lastOrder + SORT_STEP, 100_000);
  return <FaqForm key={NEW_ID} faq={null} nextSortOrder={next} />;
}

/** /admin/faq/{id} and /admin/faq/new: the FAQ entry editor. */
export function AdminFaqEditor({ id }: { id: string }) {
  const isNew = id === NEW_ID;
  const faq = useFaq(id, { enabled: !isNew });
  // A missing one is explained on the page; other failures also raise a toast with the server's sentence.
  const missing = isApiError(faq.error) && (faq.error.status === 404 || faq.error.status === 400);
  useErrorToast(missing ? null : faq.error, LOAD_FAILED);

  if (isNew) return <NewFaq />;
  if (faq.isPending) {
    return (
      <>
        <BackToFaq />
        <EditorSkeleton />
      </>
    );
  }
  if (faq.isError) {
    return (
      <>
        <title>FAQ entry · Super admin · Automate</title>
        <BackToFaq />
        <PageHeader title="FAQ entry" />
        <LoadError
          error={faq.error}
          fallback={LOAD_FAILED}
          onRetry={() => faq.refetch()}
          missingText={
            missing ? 'There is no such question: it may have been deleted, or the link is wrong.' : undefined
          }
        />
      </>
    );
  }
  return <FaqForm key={faq.data.id} faq={faq.data} nextSortOrder={faq.data.sortOrder} />;
}

function FaqForm({ faq, nextSortOrder }: { faq: Faq | null; nextSortOrder: number }) {
  const toValues = useCallback((row: Faq | null) => faqFormValues(row, nextSortOrder), [nextSortOrder]);
  const { saved, values, errors, dirty, saving, deleting, set, submit, keyDown, destroy } = useRecordEditor({
    initial: faq,
    toValues,
    sameValues: sameFaqValues,
    validate: validateFaq,
    toInput: toFaqInput,
    create: useCreateFaq(),
    update: useUpdateFaq(),
    remove: useDeleteFaq(),
    pathOf: adminFaqPath,
    listPath: FAQ_SEARCH_PATH,
    messages: {
      created: () => 'The question was created.',
      saved: () => 'The question was saved.',
      deleted: () => 'The question was deleted.',
      confirmDelete: (row) => ({
        title: 'Delete this question?',
        message: `“${row.question}” will be removed from the FAQ for everyone. This cannot be undone.`,
      }),
      saveFailed: SAVE_FAILED,
      deleteFailed: DELETE_FAILED,
    },
  });

  const uploadImage = saved ? async (file: File) => (await uploadFaqImage(saved.id, file)).url : undefined;
  const heading = saved ? saved.question : 'New question';

  return (
    <Box component="form" id="faq-form" noValidate onSubmit={submit} onKeyDown={keyDown} aria-label="FAQ entry">
      <title>{`${saved ? 'FAQ entry' : 'New question'} · Super admin · Automate`}</title>
      <BackToFaq />
      <PageHeader
        title={heading}
        subtitle={
          saved
            ? `Created ${formatDateTime(saved.createdAt) ?? ''} · updated ${formatDateTime(saved.updated) ?? ''}`
            : 'Write the question and its answer. It stays a draft until you publish it.'
        }
        chips={
          saved ? (
            <Chip
              label={saved.published ? 'Published' : 'Draft'}
              size="small"
              color={saved.published ? 'success' : 'warning'}
              variant="outlined"
            />
          ) : null
        }
        actions={
          <>
            {saved?.published ? (
              <Button href={`${PUBLIC_HELP_PATHS.faq}#faq-${saved.id}`} target="_blank" rel="noopener">
                View
              </Button>
            ) : null}
            {saved ? (
              <Button
                color="error"
                startIcon={deleting ? <CircularProgress size={16} color="inherit" /> : <DeleteIcon />}
                onClick={() => void destroy()}
                disabled={deleting || saving}
              >
                Delete
              </Button>
            ) : null}
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <TextField
            label="Question"
            name="question"
            value={values.question}
            onChange={(event) => set('question', event.target.value)}
            error={errors.question !== undefined}
            helperText={errors.question}
            required
            fullWidth
            autoFocus={saved === null}
          />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 4, md: 3 }}>
              <TextField
                label="Order"
                name="sortOrder"
                value={values.sortOrder}
                onChange={(event) => set('sortOrder', event.target.value)}
                error={errors.sortOrder !== undefined}
                helperText={errors.sortOrder ?? 'Lower numbers come first.'}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 8, md: 9 }}>
              <FormControlLabel
                control={
                  <Switch
                    name="published"
                    checked={values.published}
                    onChange={(event) => set('published', event.target.checked)}
                  />
                }
                label="Published"
              />
              <FormHelperText sx={{ mt: 0 }}>
                {values.published ? 'Everyone can read it.' : 'A draft: only super admins can see it.'}
              </FormHelperText>
            </Grid>
          </Grid>
          <MarkdownEditor
            label="Answer"
            name="answer"
            value={values.answer}
            onChange={(answer) => set('answer', answer)}
            error={errors.answer}
            onUploadImage={uploadImage}
            uploadDisabledReason="Create the question first, then add images."
            imageLimits={CONTENT_IMAGE_LIMITS}
            minRows={10}
          />
        </Stack>
      </Paper>
      <FormActionBar dirty={dirty} exists={saved !== null} saving={saving} />
    </Box>
  );
}
