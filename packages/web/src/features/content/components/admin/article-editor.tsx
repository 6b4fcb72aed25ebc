import { ARTICLE_CATEGORIES, type Article, CHANGELOG_ARTICLE, slugify } from '@automate/contract';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { BackButton, RecordEditorPage } from '@/components/ui/record-editor-page.tsx';
import { TextArea } from '@/components/ui/text-area.tsx';
import { useRecordEditor } from '@/components/ui/use-record-editor.ts';
import { useCreateArticle } from '../../api/create-article.ts';
import { useDeleteArticle } from '../../api/delete-article.ts';
import { useArticle } from '../../api/get-article.ts';
import { useUpdateArticle } from '../../api/update-article.ts';
import { uploadArticleImage } from '../../api/upload-article-image.ts';
import { categoryLabel } from '../../categories.ts';
import { PUBLIC_HELP_PATHS } from '../../help-paths.ts';
import { adminArticlePath } from './admin-articles.tsx';
import {
  type ArticleFormValues,
  articleFormValues,
  sameArticleValues,
  toArticleInput,
  validateArticle,
} from './article-form-values.ts';
import { ContentEditorSkeleton, ContentForm, PublishedSwitch } from './content-form.tsx';

const ARTICLES_SEARCH_PATH = '/admin/articles/search';
const NEW_ID = 'new';
const LOAD_FAILED = 'The article could not be loaded.';
const SAVE_FAILED = 'The article could not be saved.';
const DELETE_FAILED = 'The article could not be deleted.';
const SUMMARY_MAX = 500;

const BACK = <BackButton href={ARTICLES_SEARCH_PATH}>Articles</BackButton>;

/**
 * /admin/articles/{id} and /admin/articles/new: the article editor. Loads the article (drafts included),
 * shows a skeleton meanwhile, and explains a missing one.
 */
export function AdminArticleEditor({ id }: { id: string }) {
  const isNew = id === NEW_ID;
  const article = useArticle(id, { enabled: !isNew });
  return (
    <RecordEditorPage
      query={article}
      isNew={isNew}
      back={BACK}
      skeleton={<ContentEditorSkeleton label="Loading the article" heights={[56, 56, 80, 320]} />}
      heading="Article"
      documentTitle="Article · Super admin · Automate"
      loadFailed={LOAD_FAILED}
      missingText="There is no article here: it may have been deleted, or the link is wrong."
      newForm={<ArticleForm key={NEW_ID} article={null} />}
      form={(article) => <ArticleForm key={article.id} article={article} />}
    />
  );
}

function isChangelog(values: ArticleFormValues): boolean {
  const slug = values.slug.trim() || slugify(values.title);
  return values.category === CHANGELOG_ARTICLE.category && slug === CHANGELOG_ARTICLE.slug;
}

/** The form itself; `article` null writes a new one. Remounted per article (its key), so state never leaks. */
function ArticleForm({ article }: { article: Article | null }) {
  const editor = useRecordEditor({
    initial: article,
    toValues: articleFormValues,
    sameValues: sameArticleValues,
    validate: validateArticle,
    toInput: toArticleInput,
    create: useCreateArticle(),
    update: useUpdateArticle(),
    remove: useDeleteArticle(),
    pathOf: adminArticlePath,
    listPath: ARTICLES_SEARCH_PATH,
    messages: {
      created: (row) => `“${row.title}” was created.`,
      saved: (row) => `“${row.title}” was saved.`,
      deleted: (row) => `“${row.title}” was deleted.`,
      confirmDelete: (row) => ({
        title: 'Delete this article?',
        message: `“${row.title}” will be deleted for everyone, and links to it will stop working. This cannot be undone.`,
      }),
      saveFailed: SAVE_FAILED,
      deleteFailed: DELETE_FAILED,
    },
  });

  const { saved, values, errors, set, textField } = editor;
  const uploadImage = saved ? async (file: File) => (await uploadArticleImage(saved.id, file)).url : undefined;

  const categories: string[] = (ARTICLE_CATEGORIES as readonly string[]).includes(values.category)
    ? [...ARTICLE_CATEGORIES]
    : [...ARTICLE_CATEGORIES, values.category];
  const generatedSlug = slugify(values.title);
  const slug = values.slug.trim();
  const slugHelp =
    errors.slug ??
    (slug === ''
      ? `Left empty, it is made from the title${generatedSlug ? `: ${generatedSlug}` : ''}.`
      : saved && saved.slug !== slug
        ? `Links to the old address (${saved.slug}) will stop working.`
        : `Readers find it at ${PUBLIC_HELP_PATHS.article(values.category, slug)}`);
  const heading = saved ? saved.title : 'New article';

  return (
    <ContentForm
      editor={editor}
      formId="article-form"
      label="Article"
      documentTitle={`${heading} · Articles · Super admin · Automate`}
      back={BACK}
      heading={heading}
      newSubtitle="Write it, preview it, then save. It stays a draft until you publish it."
      view={
        saved ? (
          <Button
            href={PUBLIC_HELP_PATHS.article(saved.category, saved.slug)}
            target="_blank"
            rel="noopener"
            startIcon={<OpenInNewIcon />}
          >
            View
          </Button>
        ) : null
      }
      notice={
        isChangelog(values) ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            This is the changelog. Saving it changes its update time, so everyone who signs in sees it again in the
            “What’s new” dialog.
          </Alert>
        ) : null
      }
      title={{ label: 'Title', name: 'title' }}
      body={{
        label: 'Content',
        name: 'content',
        uploadImage,
        uploadDisabledReason: 'Create the article first, then add images.',
      }}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            select
            label="Category"
            {...textField('category', 'Where it is listed in the help center.')}
            fullWidth
          >
            {categories.map((category) => (
              <MenuItem key={category} value={category}>
                {categoryLabel(category)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <TextField
            label="Slug"
            name="slug"
            value={values.slug}
            onChange={(event) => set('slug', event.target.value)}
            placeholder={generatedSlug || 'made-from-the-title'}
            error={errors.slug !== undefined}
            helperText={slugHelp}
            fullWidth
            slotProps={{
              htmlInput: { spellCheck: false, autoCapitalize: 'none' },
              input: {
                sx: { fontFamily: 'monospace' },
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title="Make the slug from the title" describeChild>
                      <span>
                        <IconButton
                          aria-label="Generate slug"
                          edge="end"
                          onClick={() => set('slug', generatedSlug)}
                          disabled={generatedSlug === '' || generatedSlug === values.slug}
                        >
                          <AutoFixHighIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <PublishedSwitch checked={values.published} onChange={(published) => set('published', published)} />
        </Grid>
      </Grid>
      <TextArea
        label="Summary"
        name="summary"
        value={values.summary}
        onChange={(event) => set('summary', event.target.value)}
        error={errors.summary !== undefined}
        helperText={
          errors.summary ?? `One or two sentences shown in article lists (${values.summary.length}/${SUMMARY_MAX}).`
        }
        rows={2}
        fullWidth
        slotProps={{ htmlInput: { maxLength: SUMMARY_MAX } }}
      />
    </ContentForm>
  );
}
