// @vitest-environment happy-dom
import type { Article, Faq } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { write } from '@/testing/write.ts';
import { AdminArticles } from './admin-articles.tsx';
import { AdminFaqs } from './admin-faqs.tsx';
import { AdminFaqEditor } from './faq-editor.tsx';

const user = userEvent.setup({ delay: null });

vi.setConfig({ testTimeout: 20_000 });

const ARTICLE: Article = {
  id: '6f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11',
  category: 'communication',
  slug: 'changelog',
  title: "What's new in Automate 1.8",
  content: '',
  summary: '',
  published: false,
  updated: '2026-04-01T09:00:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
};
const FAQ: Faq = {
  id: '7f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11',
  question: 'Can I cancel a scheduled run?',
  answer: 'Yes.',
  sortOrder: 90,
  published: true,
  updated: '2026-04-01T09:00:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
};

function EditorRoute() {
  const { id = '' } = useParams();
  return <AdminFaqEditor id={id} />;
}

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

const page = (rows: unknown[], total = rows.length) => ({
  status: 200,
  body: { success: true, data: { rows, total, pageNumber: 1, pageSize: 25 } },
});
const searches = (path: string) =>
  stub.calls.filter((call) => call.url.pathname === path).map((call) => call.url.searchParams);

describe('the admin article table', () => {
  it('searches every article, newest first, and filters by status and category from the URL', async () => {
    stub = stubFetch(({ url }) => (url.pathname === '/api/Content/article/search' ? page([ARTICLE], 30) : undefined));
    const { router } = renderAsRoute(<AdminArticles />, {
      path: '/admin/articles/search',
      at: '/admin/articles/search',
    });
    const table = await screen.findByRole('table', { name: 'Articles' });
    await within(table).findByRole('link', { name: "What's new in Automate 1.8" });
    expect(within(table).getByText('Draft')).toBeTruthy();
    expect(within(table).getByText("What's new")).toBeTruthy();
    const first = searches('/api/Content/article/search')[0];
    expect(first?.get('SortBy')).toBe('updated');
    expect(first?.get('SortDir')).toBe('Descending');
    expect(first?.get('PageSize')).toBe('25');

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Drafts' }));
    await waitFor(() =>
      expect(JSON.parse(searches('/api/Content/article/search').at(-1)?.get('Filters') ?? '[]')).toEqual([
        { action: 'Eq', field: 'published', value: false },
      ]),
    );
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(screen.getByRole('option', { name: "What's new" }));
    await waitFor(() =>
      expect(JSON.parse(searches('/api/Content/article/search').at(-1)?.get('Filters') ?? '[]')).toEqual([
        { action: 'Eq', field: 'published', value: false },
        { action: 'Eq', field: 'category', value: 'communication' },
      ]),
    );
    expect(new URLSearchParams(router.state.location.search).get('Filters')).toContain('communication');

    await user.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(searches('/api/Content/article/search').at(-1)?.get('SortBy')).toBe('title'));
    expect(searches('/api/Content/article/search').at(-1)?.get('SortDir')).toBe('Ascending');
  });

  it('raises a toast with the server’s sentence when the search fails', async () => {
    stub = stubFetch(() => ({
      status: 400,
      body: { success: false, code: 'BAD_REQUEST', message: 'Cannot sort by x.' },
    }));
    renderAsRoute(<AdminArticles />, { path: '/admin/articles/search', at: '/admin/articles/search?SortBy=title' });
    await waitFor(() => expect(screen.getAllByText('Cannot sort by x.').length).toBe(2));
  });
});

describe('the admin FAQ', () => {
  it('lists the entries in their order', async () => {
    stub = stubFetch(({ url }) => (url.pathname === '/api/Content/faq/search' ? page([FAQ]) : undefined));
    renderAsRoute(<AdminFaqs />, { path: '/admin/faq/search', at: '/admin/faq/search' });
    const link = await screen.findByRole('link', { name: FAQ.question });
    expect(link.getAttribute('href')).toBe(`/admin/faq/${FAQ.id}`);
    const first = searches('/api/Content/faq/search')[0];
    expect(first?.get('SortBy')).toBe('sortOrder');
    expect(first?.get('SortDir')).toBe('Ascending');
  });

  it('changes an entry’s answer and saves it', async () => {
    stub = stubFetch(({ method, url, body }) => {
      if (url.pathname !== `/api/Content/faq/${FAQ.id}`) return undefined;
      if (method === 'GET') return { status: 200, body: { success: true, data: FAQ } };
      if (method === 'POST') return { status: 200, body: { success: true, data: { ...FAQ, ...(body as object) } } };
      return undefined;
    });
    renderAsRoute(<EditorRoute />, { path: '/admin/faq/:id', at: `/admin/faq/${FAQ.id}` });
    const answer = (await screen.findByRole('textbox', { name: 'Answer (Markdown)' })) as HTMLTextAreaElement;
    expect(screen.getByRole('heading', { level: 1, name: FAQ.question })).toBeTruthy();
    expect(answer.value).toBe('Yes.');
    expect(screen.getByText('All changes saved')).toBeTruthy();
    await write(user, answer, '\n\n**From the log.**');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The question was saved.');
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({
      question: FAQ.question,
      answer: 'Yes.\n\n**From the log.**',
      sortOrder: 90,
      published: true,
    });
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.getByText('All changes saved')).toBeTruthy();
  });

  it('puts a new question after the last one and creates it', async () => {
    stub = stubFetch(({ method, url }) => {
      if (url.pathname === '/api/Content/faq/search') return page([FAQ]);
      if (method === 'POST' && url.pathname === '/api/Content/faq') {
        return { status: 201, body: { success: true, data: { ...FAQ, id: '8f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11' } } };
      }
      if (method === 'GET' && url.pathname.startsWith('/api/Content/faq/'))
        return { status: 200, body: { success: true, data: FAQ } };
      return undefined;
    });
    const { router } = renderAsRoute(<EditorRoute />, { path: '/admin/faq/:id', at: '/admin/faq/new' });
    const order = (await screen.findByRole('textbox', { name: 'Order' })) as HTMLInputElement;
    expect(order.value).toBe('100');
    await write(user, screen.getByRole('textbox', { name: 'Question' }), 'Is there an app?');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/faq/8f1c7c1e-3a1b-4f7e-9a39-0a4b8e0f8a11'));
    expect(stub.calls.find((call) => call.method === 'POST')?.body).toEqual({
      question: 'Is there an app?',
      answer: '',
      sortOrder: 100,
      published: false,
    });
  });
});
