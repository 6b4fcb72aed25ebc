// @vitest-environment happy-dom
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollManager } from './scroll-manager.tsx';

function Page({ withTarget }: { withTarget?: boolean }) {
  return withTarget ? <h2 id="pricing">Pricing</h2> : <p>page</p>;
}

function Root() {
  return (
    <>
      <ScrollManager />
      <Outlet />
    </>
  );
}

function boot() {
  const router = createMemoryRouter(
    [
      {
        Component: Root,
        children: [
          { path: '/', element: <Page /> },
          { path: '/plans', element: <Page withTarget /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.restoreAllMocks());

describe('scrolling on navigation', () => {
  it('scrolls smoothly to the top on a new page', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const router = boot();
    scrollTo.mockClear();
    await act(() => router.navigate('/plans'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'smooth' });
  });

  it('scrolls smoothly to the element the hash names', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const router = boot();
    await act(() => router.navigate('/plans#pricing'));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('pricing'));
  });
});
