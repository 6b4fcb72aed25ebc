import { ARTICLE_CATEGORIES, type Article, CHANGELOG_ARTICLE, CONTENT_IMAGE_LIMITS, slugify } from '@automate/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';

import { FormActionBar } from '@/components/ui/form-action-bar.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { MarkdownEditor } from '@/components/ui/markdown-editor.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useRecordEditor } from '@/components/ui/use-record-editor.ts';
import { isApiError } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useErrorToast } from '@/lib/use-error-toast.ts';
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

const ARTICLES_SEARCH_PATH = '/admin/articles/search';
const NEW_ID = 'new';
const LOAD_FAILED = 'The article could not be loaded.';
const SAVE_FAILED = 'The article could not be saved.';
const DELETE_FAILED = 'The article could not be deleted.';
const SUMMARY_MAX = 500;

function BackToArticles() {
  return (
    <Button href={ARTICLES_SEARCH_PATH} startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1, ml: -1 }}>
      Articles
    </Button>
  );
}

function EditorSkeleton() {
  return (
    <Box role="progressbar" aria-label="Loading the article">
      <Skeleton variant="text" sx={{ fontSize: '2.125rem', width: '40%', mb: 3 }} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={3}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={80} />
          <Skeleton variant="rounded" height={320} />
        </Stack>
      </Paper>
    </Box>
  );
}

/**
 * /admin/articles/{id} and /admin/articles/new: the article editor. Loads the article (drafts included),
 * shows a skeleton meanwhile, and explains a missing one.
 */
export function AdminArticleEditor({ id }: { id: string }) {
  const isNew = id === NEW_ID;
  const article = useArticle(id, { enabled: !isNew });
  // A missing one is explained on the page; other failures also raise a toast with the server's sentence.
  const missing = isApiError(article.error) && (article.error.status === 404 || article.error.status === 400);
  useErrorToast(missing ? null : article.error, LOAD_FAILED);

  if (isNew) return <ArticleForm key={NEW_ID} article={null} />;
  if (article.isPending) {
    return (
      <>
        <BackToArticles />
        <EditorSkeleton />
      </>
    );
  }
  if (article.isError) {
    return (
      <>
        <title>Article · Super admin · Automate</title>
        <BackToArticles />
        <PageHeader title="Article" />
        <LoadError
          error={article.error}
          fallback={LOAD_FAILED}
          onRetry={() => article.refetch()}
          missingText={
            missing ? 'There is no article here: it may have been deleted, or the link is wrong.' : undefined
          }
        />
      </>
    );
  }
  return <ArticleForm key={article.data.id} article={article.data} />;
}

function isChangelog(values: ArticleFormValues): boolean {
  const slug = values.slug.trim() || slugify(values.title);
  return values.category === CHANGELOG_ARTICLE.category && slug === CHANGELOG_ARTICLE.slug;
}

/** The form itself; `article` null writes a new one. Remounted per article (its key), so state never leaks. */
function ArticleForm({ article }: { article: Article | null }) {
  const { saved, values, errors, dirty, saving, deleting, set, submit, keyDown, destroy } = useRecordEditor({
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
  const publicPath = saved ? PUBLIC_HELP_PATHS.article(saved.category, saved.slug) : null;
  const heading = saved ? saved.title : 'New article';

  return (
    <Box component="form" id="article-form" noValidate onSubmit={submit} onKeyDown={keyDown} aria-label="Article">
      <title>{`${heading} · Articles · Super admin · Automate`}</title>
      <BackToArticles />
      <PageHeader
        title={heading}
        subtitle={
          saved
            ? `Created ${formatDateTime(saved.createdAt) ?? ''} · updated ${formatDateTime(saved.updated) ?? ''}`
            : 'Write it, preview it, then save. It stays a draft until you publish it.'
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
            {publicPath && saved?.published ? (
              <Button href={publicPath} target="_blank" rel="noopener" startIcon={<OpenInNewIcon />}>
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

      {isChangelog(values) ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          This is the changelog. Saving it changes its update time, so everyone who signs in sees it again in the
          “What’s new” dialog.
        </Alert>
      ) : null}

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={3}>
          <TextField
            label="Title"
            name="title"
            value={values.title}
            onChange={(event) => set('title', event.target.value)}
            error={errors.title !== undefined}
            helperText={errors.title}
            required
            fullWidth
            autoFocus={saved === null}
          />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextField
                select
                label="Category"
                name="category"
                value={values.category}
                onChange={(event) => set('category', event.target.value)}
                error={errors.category !== undefined}
                helperText={errors.category ?? 'Where it is listed in the help center.'}
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
          <TextField
            label="Summary"
            name="summary"
            value={values.summary}
            onChange={(event) => set('summary', event.target.value)}
            error={errors.summary !== undefined}
            helperText={
              errors.summary ?? `One or two sentences shown in article lists (${values.summary.length}/${SUMMARY_MAX}).`
            }
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: SUMMARY_MAX } }}
          />
          <MarkdownEditor
            label="Content"
            name="content"
            value={values.content}
            onChange={(content) => set('content', content)}
            error={errors.content}
            onUploadImage={uploadImage}
            uploadDisabledReason="Create the article first, then add images."
            imageLimits={CONTENT_IMAGE_LIMITS}
          />
        </Stack>
      </Paper>
      <FormActionBar dirty={dirty} exists={saved !== null} saving={saving} />
    </Box>
  );
}
