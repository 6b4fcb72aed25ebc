// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { applyStyles } from '@/testing/styles.ts';
import { CHANGELOG_EMPTY_TEXT, ChangelogDialog, changelogSubtitle } from './changelog-dialog.tsx';

const user = userEvent.setup({ delay: null });

const UPDATED = '2026-04-01T09:30:00.000Z';

function show(props: Partial<Parameters<typeof ChangelogDialog>[0]> = {}) {
  const onClose = vi.fn();
  renderWithProviders(<ChangelogDialog open article={null} loading={false} onClose={onClose} {...props} />);
  return { onClose, dialog: screen.getByRole('dialog') };
}

describe('the changelog dialog', () => {
  // Its width is the test's subject, and CSS decides it.
  applyStyles();

  it('is at most 1200 px wide', () => {
    const { dialog } = show();
    expect(getComputedStyle(dialog).maxWidth).toBe('1200px');
  });

  it('is titled by the article, or "What\'s new" without one', () => {
    show({ article: { title: 'Release 1.8', content: 'x', updated: UPDATED } });
    expect(screen.getByRole('dialog', { name: 'Release 1.8' })).toBeTruthy();
  });

  it('says "What\'s new" when the title is missing', () => {
    show({ article: { title: null, content: 'x', updated: UPDATED } });
    expect(screen.getByRole('dialog', { name: "What's new" })).toBeTruthy();
  });

  it('shows "Updated" and the local date-time only when updated parses', () => {
    show({ article: { title: 'Release', content: 'x', updated: UPDATED } });
    expect(screen.getByTestId('changelog-subtitle').textContent).toBe(`Updated ${formatDateTime(UPDATED)}`);
    expect(changelogSubtitle('not a date')).toBeNull();
    expect(changelogSubtitle(null)).toBeNull();
  });

  it('has no subtitle when updated does not parse', () => {
    show({ article: { title: 'Release', content: 'x', updated: 'soon' } });
    expect(screen.queryByTestId('changelog-subtitle')).toBeNull();
  });

  it('shows 3 skeleton rows while loading', () => {
    show({ loading: true });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
  });

  it('shows the empty text without content', () => {
    show({ article: null });
    expect(screen.getByText(CHANGELOG_EMPTY_TEXT)).toBeTruthy();
    expect(CHANGELOG_EMPTY_TEXT).toBe('No changelog details available right now.');
  });

  it('renders the content from markdown, sanitised', async () => {
    const { dialog } = show({
      article: {
        title: 'Release',
        content: '## Faster runs\n\n- **Retries** back off\n\n<script>window.hacked = true</script>',
        updated: UPDATED,
      },
    });
    // The markdown renderer is a lazy chunk: a worker that has not imported it yet does so now, which
    // can take more than a second while the rest of the suite shares the cores.
    expect(await within(dialog).findByRole('heading', { name: 'Faster runs' }, { timeout: 10_000 })).toBeTruthy();
    expect(within(dialog).getByText('Retries').tagName).toBe('STRONG');
    expect(dialog.querySelector('script')).toBeNull();
  });

  it('closes with Close', async () => {
    const { onClose } = show();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
