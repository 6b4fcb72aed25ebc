// @vitest-environment happy-dom
import type { Faq } from '@automate/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch, testQueryClient } from '@/testing/render.tsx';
import { PUBLIC_HELP_PATHS } from '../help-paths.ts';
import { FaqList, filterFaqs } from './faq-list.tsx';

const user = userEvent.setup({ delay: null });

const faq = (n: number, question: string, answer: string): Faq => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  question,
  answer,
  sortOrder: n * 10,
  published: true,
  updated: '2026-04-01T09:00:00.000Z',
  createdAt: '2026-03-01T09:00:00.000Z',
});
const FAQS = [
  faq(1, 'Can I cancel a scheduled run?', 'Yes, from **the log**.'),
  faq(2, 'What if ServiceM8 is busy?', 'Automate waits and retries.'),
];

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

function serve() {
  stub = stubFetch(({ url }) =>
    url.pathname === '/api/Content/faq/search'
      ? { status: 200, body: { success: true, data: { rows: FAQS, total: 2, pageNumber: 1, pageSize: 500 } } }
      : undefined,
  );
}

describe('the FAQ', () => {
  it('asks for the published entries in their order', async () => {
    serve();
    renderWithProviders(<FaqList paths={PUBLIC_HELP_PATHS} />);
    await screen.findByRole('button', { name: 'Can I cancel a scheduled run?' });
    const query = stub.calls[0]?.url.searchParams;
    expect(query?.get('SortBy')).toBe('sortOrder');
    expect(query?.get('SortDir')).toBe('Ascending');
    expect(JSON.parse(query?.get('Filters') ?? '')).toEqual([{ action: 'Eq', field: 'published', value: true }]);
  });

  it('opens an answer, rendered from Markdown, as an accordion', async () => {
    serve();
    renderWithProviders(<FaqList paths={PUBLIC_HELP_PATHS} />);
    const question = await screen.findByRole('button', { name: 'Can I cancel a scheduled run?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('the log')).toBeNull();
    await user.click(question);
    expect(question.getAttribute('aria-expanded')).toBe('true');
    expect((await screen.findByText('the log')).tagName).toBe('STRONG');
  });

  it('filters the questions by their words', async () => {
    serve();
    renderWithProviders(<FaqList paths={PUBLIC_HELP_PATHS} />);
    await screen.findByRole('button', { name: 'What if ServiceM8 is busy?' });
    await user.type(screen.getByRole('searchbox', { name: 'Filter questions' }), 'retries');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Can I cancel a scheduled run?' })).toBeNull());
    expect(screen.getByRole('button', { name: 'What if ServiceM8 is busy?' })).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Filter questions' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter questions' }), 'nothing like it');
    expect(screen.getByText('No questions match “nothing like it”.')).toBeTruthy();
    expect(filterFaqs(FAQS, 'LOG yes').map((entry) => entry.sortOrder)).toEqual([10]);
  });

  it('opens the answer a link points at (#faq-{id})', async () => {
    serve();
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={[`/help/faq#faq-${FAQS[1]?.id}`]}>
          <FaqList paths={PUBLIC_HELP_PATHS} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const question = await screen.findByRole('button', { name: 'What if ServiceM8 is busy?' });
    expect(question.getAttribute('aria-expanded')).toBe('true');
  });
});
