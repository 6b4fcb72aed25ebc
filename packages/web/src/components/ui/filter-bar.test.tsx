// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { onAPhone } from '@/testing/viewport.ts';
import { activeFilterCount, FilterBar } from './filter-bar.tsx';

const user = userEvent.setup({ delay: null });

function showFilters(active: number) {
  render(
    <FilterBar active={active}>
      <input type="search" aria-label="Job number" />
    </FilterBar>,
  );
}

describe('the filter bar', () => {
  it('shows the filters in the search landmark on a wide screen', () => {
    showFilters(2);
    expect(screen.getByRole('search').contains(screen.getByRole('searchbox', { name: 'Job number' }))).toBe(true);
    expect(screen.queryByRole('button', { name: /Filters/ })).toBeNull();
  });

  it('counts a field once however many conditions it has', () => {
    expect(
      activeFilterCount({
        Filters: [
          { field: 'createdAt', action: 'GtEq', value: '2026-11-01' },
          { field: 'createdAt', action: 'Lt', value: '2026-11-30' },
          { field: 'status', action: 'Eq', value: 'Failed' },
        ],
      }),
    ).toBe(2);
  });
});

describe('the filter bar on a phone', () => {
  onAPhone();

  it('folds them behind a button that counts the active ones', async () => {
    showFilters(2);
    expect(screen.queryByRole('searchbox', { name: 'Job number' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Filters (2)' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('searchbox', { name: 'Job number' })).toBeTruthy();
  });

  it('says plain Filters when none is active', () => {
    showFilters(0);
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });
});
