// @vitest-environment happy-dom
import type { Article } from '@automate/contract';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { write } from '@/testing/write.ts';
import { AdminArticleEditor } from './article-editor.tsx';

const user = userEvent.setup({ delay: null });

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const ID = '6f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11';
const ARTICLE: Article = {
  id: ID,
  category: 'automations',
  slug: 'building-a-trigger',
  title: 'Building a trigger',
  content: '## Parts',
  summary: 'How triggers work.',
  published: true,
  updated: '2026-04-01T09:00:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
};

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub?.restore());

function EditorRoute() {
  const { id = '' } = useParams();
  return <AdminArticleEditor id={id} />;
}

function open(at: string) {
  return renderAsRoute(<EditorRoute />, { path: '/admin/articles/:id', at, elsewhere: ['/admin/articles/search'] });
}

const ok = (data: unknown, status = 200) => ({ status, body: { success: true, data } });
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('the article editor: a new article', () => {
  it('checks the title before sending anything', async () => {
    stub = stubFetch(() => undefined);
    open('/admin/articles/new');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Title: give the article a title.')).toBeTruthy();
    expect(textbox('Title').getAttribute('aria-invalid')).toBe('true');
    expect(stub.calls).toHaveLength(0);
  });

  it('creates a draft without a slug (the server makes it) and opens it', async () => {
    const created: Article = {
      ...ARTICLE,
      category: 'getting-started',
      slug: 'tank-jobs',
      title: 'Tank jobs',
      published: false,
    };
    stub = stubFetch(({ method, url }) => {
      if (method === 'POST' && url.pathname === '/api/Content/article') return ok(created, 201);
      if (method === 'GET' && url.pathname === `/api/Content/article/${ID}`) return ok(created);
      return undefined;
    });
    const { router } = open('/admin/articles/new');
    await write(user, await screen.findByRole('textbox', { name: 'Title' }), 'Tank jobs');
    expect(screen.getByText('Left empty, it is made from the title: tank-jobs.')).toBeTruthy();
    await write(user, textbox('Content (Markdown)'), 'Drain it.');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/articles/${ID}`));
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Tank jobs',
      category: 'getting-started',
      summary: '',
      content: 'Drain it.',
      published: false,
    });
    await screen.findByText('“Tank jobs” was created.');
    await waitFor(() => expect(textbox('Slug').value).toBe('tank-jobs'));
    // Images can be added now that it exists.
    expect((screen.getByRole('button', { name: 'Insert image' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the article editor: an existing article', () => {
  it('shows the server’s field error and sentence when the slug is taken', async () => {
    stub = stubFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === `/api/Content/article/${ID}`) return ok(ARTICLE);
      if (method === 'POST' && url.pathname === `/api/Content/article/${ID}`) {
        return {
          status: 409,
          body: {
            success: false,
            code: 'CONFLICT',
            message: 'Another article in automations already uses the slug "actions".',
            errors: { slug: ['Slug: another article in this category uses it.'] },
          },
        };
      }
      return undefined;
    });
    open(`/admin/articles/${ID}`);
    const slug = await screen.findByRole('textbox', { name: 'Slug' });
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(slug);
    await write(user, slug, 'actions');
    expect(screen.getByText('Links to the old address (building-a-trigger) will stop working.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Another article in automations already uses the slug "actions".');
    expect(screen.getByText('Slug: another article in this category uses it.')).toBeTruthy();
    expect(slug.getAttribute('aria-invalid')).toBe('true');
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ slug: 'actions' });
    // Changing the field clears its error.
    await user.type(slug, '-2');
    expect(screen.queryByText('Slug: another article in this category uses it.')).toBeNull();
  });

  it('saves the publish toggle and the content, then reads as saved', async () => {
    stub = stubFetch(({ method, url, body }) => {
      if (method === 'GET' && url.pathname === `/api/Content/article/${ID}`) return ok(ARTICLE);
      if (method === 'POST' && url.pathname === `/api/Content/article/${ID}`) {
        return ok({ ...ARTICLE, ...(body as object), updated: '2026-05-01T09:00:00.000Z' });
      }
      return undefined;
    });
    open(`/admin/articles/${ID}`);
    await user.click(await screen.findByRole('switch', { name: 'Published' }));
    await write(user, textbox('Content (Markdown)'), '\n\nMore.');
    expect(screen.getByTestId('unsaved-changes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('“Building a trigger” was saved.');
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Building a trigger',
      category: 'automations',
      slug: 'building-a-trigger',
      summary: 'How triggers work.',
      content: '## Parts\n\nMore.',
      published: false,
    });
    expect(screen.queryByTestId('unsaved-changes')).toBeNull();
    expect(screen.getByText('All changes saved')).toBeTruthy();
  });

  it('deletes only after confirming, then goes back to the list', async () => {
    stub = stubFetch(({ method, url }) => {
      if (url.pathname !== `/api/Content/article/${ID}`) return undefined;
      if (method === 'GET') return ok(ARTICLE);
      if (method === 'DELETE') return ok(null);
      return undefined;
    });
    const { router } = open(`/admin/articles/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this article?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this article?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/articles/search'));
    expect(stub.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    await screen.findByText('“Building a trigger” was deleted.');
  });

  it('asks before leaving with unsaved changes', async () => {
    stub = stubFetch(({ method, url }) =>
      method === 'GET' && url.pathname === `/api/Content/article/${ID}` ? ok(ARTICLE) : undefined,
    );
    const { router } = open(`/admin/articles/${ID}`);
    await write(user, await screen.findByRole('textbox', { name: 'Summary' }), ' Really.');
    await act(() => router.navigate('/admin/articles/search'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(`/admin/articles/${ID}`);
    expect(textbox('Summary').value).toBe('How triggers work. Really.');

    await act(() => router.navigate('/admin/articles/search'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/articles/search'));
  });

  it('explains a missing article', async () => {
    stub = stubFetch(() => ({
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: 'Article was not found.' },
    }));
    open(`/admin/articles/${ID}`);
    await screen.findByText('There is no article here: it may have been deleted, or the link is wrong.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
