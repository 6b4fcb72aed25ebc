// @vitest-environment happy-dom
import type { Article } from '@automate/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAsRoute, renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { APP_HELP_PATHS, PUBLIC_HELP_PATHS } from '../help-paths.ts';
import { HelpCenter } from './help-center.tsx';

const user = userEvent.setup({ delay: null });

const article = (id: number, category: string, title: string): Article => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  category,
  slug: title.toLowerCase().replace(/\W+/g, '-'),
  title,
  content: '',
  summary: `About ${title}.`,
  published: true,
  updated: '2026-04-01T09:00:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
});

const ARTICLES = [
  article(1, 'automations', 'Building a trigger'),
  article(2, 'getting-started', 'Welcome'),
  article(3, 'automations', 'Actions'),
];

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

/** The help search: "trigger" is in an article's text and in an FAQ answer. */
const HITS = [
  {
    kind: 'article',
    id: ARTICLES[0]?.id,
    title: 'Building a trigger',
    category: 'automations',
    slug: 'building-a-trigger',
    snippet: [
      { text: 'A ', match: false },
      { text: 'trigger', match: true },
      { text: ' starts when its event happens.', match: false },
    ],
  },
  {
    kind: 'faq',
    id: '00000000-0000-4000-8000-0000000000f1',
    title: 'Why did my automation not run?',
    category: null,
    slug: null,
    snippet: [
      { text: 'Check the ', match: false },
      { text: 'trigger', match: true },
      { text: ' is switched on.', match: false },
    ],
  },
];

function serve() {
  stub = stubFetch(({ url }) => {
    if (url.pathname === '/api/Content/search') {
      const q = url.searchParams.get('q') ?? '';
      const found = q.startsWith('trigger') ? HITS : q === 'building' ? HITS.slice(0, 1) : [];
      return { status: 200, body: { success: true, data: found } };
    }
    if (url.pathname !== '/api/Content/article/search') return undefined;
    const filters = JSON.parse(url.searchParams.get('Filters') ?? '[]') as Array<{ field: string; value: unknown }>;
    const title = filters.find((filter) => filter.field === 'title')?.value;
    const rows = typeof title === 'string' ? ARTICLES.filter((a) => a.title.toLowerCase().includes(title)) : ARTICLES;
    return {
      status: 200,
      body: { success: true, data: { rows, total: rows.length, pageNumber: 1, pageSize: 50 } },
    };
  });
}

describe('the help center', () => {
  it('lists the published articles by category, in the contract’s order', async () => {
    serve();
    renderWithProviders(<HelpCenter paths={PUBLIC_HELP_PATHS} />);
    const gettingStarted = await screen.findByRole('region', { name: 'Getting started' });
    expect(
      within(gettingStarted)
        .getByRole('link', { name: /Welcome/ })
        .getAttribute('href'),
    ).toBe('/help/getting-started/welcome');
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(regions).toEqual(['help-category-getting-started', 'help-category-automations']);
    // Readers see what is published, even a super admin.
    const first = stub.calls.find((call) => call.url.pathname === '/api/Content/article/search');
    expect(JSON.parse(first?.url.searchParams.get('Filters') ?? '')).toEqual([
      { action: 'Eq', field: 'published', value: true },
    ]);
  });

  it('searches the whole help as people type, marks the words found, and links into the layout it is in', async () => {
    serve();
    renderWithProviders(<HelpCenter paths={APP_HELP_PATHS} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search help articles' }), 'trigger');
    const results = await screen.findByRole('list', { name: 'Matching help' });
    expect(screen.getByText('2 pages match “trigger”.')).toBeTruthy();
    expect(within(results).getByRole('link', { name: 'Building a trigger' }).getAttribute('href')).toBe(
      '/app/help/articles/automations/building-a-trigger',
    );
    expect(within(results).getByRole('link', { name: 'Why did my automation not run?' }).getAttribute('href')).toBe(
      '/app/help/faq',
    );
    expect([...results.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['trigger', 'trigger']);
    const searched = stub.calls.filter((call) => call.url.pathname === '/api/Content/search');
    // Asked once the typing paused, not for every letter.
    expect(searched.map((call) => call.url.searchParams.get('q'))).toEqual(['trigger']);
  });

  it('keeps the words searched in the address, and counts one page found as one', async () => {
    serve();
    const { router } = renderAsRoute(<HelpCenter paths={PUBLIC_HELP_PATHS} />, { path: '/help', at: '/help' });
    await user.type(screen.getByRole('searchbox', { name: 'Search help articles' }), 'building');
    const results = await screen.findByRole('list', { name: 'Matching help' });
    expect(screen.getByRole('status').textContent).toBe('1 page matches “building”.');
    expect(
      within(results)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/help/automations/building-a-trigger']);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('building');
  });

  it('says when nothing matches', async () => {
    serve();
    renderWithProviders(<HelpCenter paths={PUBLIC_HELP_PATHS} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search help articles' }), 'zzz');
    await screen.findByText('Nothing in the help matches “zzz”.');
    expect(screen.getByRole('link', { name: 'frequently asked questions' }).getAttribute('href')).toBe('/help/faq');
  });

  it('shows the server’s sentence when the articles cannot be loaded, and tries again', async () => {
    let fail = true;
    stub = stubFetch(({ url }) => {
      if (url.pathname !== '/api/Content/article/search') return undefined;
      if (fail) return { status: 503, body: { success: false, code: 'SERVICE_UNAVAILABLE', message: 'Back soon.' } };
      return { status: 200, body: { success: true, data: { rows: ARTICLES, total: 3, pageNumber: 1, pageSize: 500 } } };
    });
    renderWithProviders(<HelpCenter paths={PUBLIC_HELP_PATHS} />);
    await screen.findByText('Back soon.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Automations' })).toBeTruthy());
  });
});
