import type { Faq, SearchQueryInput } from '@automate/contract';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useCallback } from 'react';
import { BackButton, RecordEditorPage } from '@/components/ui/record-editor-page.tsx';
import { useRecordEditor } from '@/components/ui/use-record-editor.ts';
import { useCreateFaq } from '../../api/create-faq.ts';
import { useDeleteFaq } from '../../api/delete-faq.ts';
import { useFaq } from '../../api/get-faq.ts';
import { useFaqSearch } from '../../api/search-faqs.ts';
import { useUpdateFaq } from '../../api/update-faq.ts';
import { uploadFaqImage } from '../../api/upload-faq-image.ts';
import { PUBLIC_HELP_PATHS } from '../../help-paths.ts';
import { adminFaqPath } from './admin-faqs.tsx';
import { ContentEditorSkeleton, ContentForm, PublishedSwitch } from './content-form.tsx';
import { faqFormValues, sameFaqValues, toFaqInput, validateFaq } from './faq-form-values.ts';

const FAQ_SEARCH_PATH = '/admin/faq/search';
const NEW_ID = 'new';
const LOAD_FAILED = 'The FAQ entry could not be loaded.';
const SAVE_FAILED = 'The FAQ entry could not be saved.';
const DELETE_FAILED = 'The FAQ entry could not be deleted.';
/** New entries go after the last one, leaving room to slot others in between. */
const SORT_STEP = 10;
const LAST_ENTRY: SearchQueryInput = { PageNumber: 1, PageSize: 1, SortBy: 'sortOrder', SortDir: 'Descending' };

const BACK = <BackButton href={FAQ_SEARCH_PATH}>FAQ</BackButton>;
const SKELETON = <ContentEditorSkeleton label="Loading the question" heights={[56, 56, 320]} />;

/** A new entry: its order goes after the current last one. */
function NewFaq() {
  const last = useFaqSearch(LAST_ENTRY);
  if (last.isPending) {
    return (
      <>
        {BACK}
        {SKELETON}
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
  return (
    <RecordEditorPage
      query={faq}
      isNew={isNew}
      back={BACK}
      skeleton={SKELETON}
      heading="FAQ entry"
      documentTitle="FAQ entry · Super admin · Automate"
      loadFailed={LOAD_FAILED}
      missingText="There is no such question: it may have been deleted, or the link is wrong."
      newForm={<NewFaq />}
      form={(faq) => <FaqForm key={faq.id} faq={faq} nextSortOrder={faq.sortOrder} />}
    />
  );
}

function FaqForm({ faq, nextSortOrder }: { faq: Faq | null; nextSortOrder: number }) {
  const toValues = useCallback((row: Faq | null) => faqFormValues(row, nextSortOrder), [nextSortOrder]);
  const editor = useRecordEditor({
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
  const { saved, values, set, textField } = editor;

  return (
    <ContentForm
      editor={editor}
      formId="faq-form"
      label="FAQ entry"
      documentTitle={`${saved ? 'FAQ entry' : 'New question'} · Super admin · Automate`}
      back={BACK}
      heading={saved ? saved.question : 'New question'}
      newSubtitle="Write the question and its answer. It stays a draft until you publish it."
      view={
        saved ? (
          <Button href={`${PUBLIC_HELP_PATHS.faq}#faq-${saved.id}`} target="_blank" rel="noopener">
            View
          </Button>
        ) : null
      }
      title={{ label: 'Question', name: 'question' }}
      body={{
        label: 'Answer',
        name: 'answer',
        uploadImage: saved ? async (file: File) => (await uploadFaqImage(saved.id, file)).url : undefined,
        uploadDisabledReason: 'Create the question first, then add images.',
        rows: 10,
      }}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4, md: 3 }}>
          <TextField
            label="Order"
            {...textField('sortOrder', 'Lower numbers come first.')}
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8, md: 9 }}>
          <PublishedSwitch checked={values.published} onChange={(published) => set('published', published)} />
        </Grid>
      </Grid>
    </ContentForm>
  );
}
