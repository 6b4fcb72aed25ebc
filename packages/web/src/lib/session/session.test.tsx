// @vitest-environment happy-dom
import type { UserSession } from '@automate/contract';
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useCurrentVendor, useSession } from './session.ts';
import { createSessionStore, type SessionStore } from './session-store.ts';

const user: UserSession = {
  token: 'token',
  tokenExpiry: '2999-01-01T00:00:00Z',
  id: 'user-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  userName: 'ada',
  email: 'ada@example.com',
  lockedOut: false,
  roles: [],
  vendors: [],
};

function storeWith(signedIn: boolean): SessionStore {
  const values = new Map<string, string>();
  const store = createSessionStore({
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  });
  if (signedIn) store.login(user);
  return store;
}

/** What each render of the greeting drew, in order. */
const drawn: string[] = [];

function Greeting() {
  const { user } = useSession();
  const text = user ? `Signed in as ${user.firstName}` : 'Signed out';
  drawn.push(text);
  return <p>{text}</p>;
}

const page = (store: SessionStore) => (
  <SessionProvider store={store}>
    <Greeting />
  </SessionProvider>
);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  drawn.length = 0;
});

describe('useSession on a page prerendered signed out', () => {
  it('hydrates with the signed-out markup, then shows the stored session, without a mismatch', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(storeWith(false)));
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();
    drawn.length = 0;

    await act(async () => {
      root = hydrateRoot(container, page(storeWith(true)), { onRecoverableError: recoverable });
    });

    expect(drawn).toEqual(['Signed out', 'Signed in as Ada']);
    expect(container.textContent).toBe('Signed in as Ada');
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('renders the stored session at once when nothing was prerendered', () => {
    render(page(storeWith(true)));
    expect(screen.getByText('Signed in as Ada')).toBeTruthy();
    expect(drawn).toEqual(['Signed in as Ada']);
  });
});

describe('useCurrentVendor', () => {
  const VENDOR = {
    vendorId: '11111111-1111-4111-8111-111111111111',
    name: 'Alpha Plumbing',
    role: 'Admin' as const,
    sm8Connected: true,
  };

  function VendorName() {
    const vendor = useCurrentVendor();
    const text = vendor ? `Working on ${vendor.name}` : 'No vendor';
    drawn.push(text);
    return <p>{text}</p>;
  }

  it('draws again when the vendor changes, not when the session’s refresh brings only a new token', () => {
    const store = storeWith(false);
    store.login({ ...user, vendors: [VENDOR] });
    render(
      <SessionProvider store={store}>
        <VendorName />
      </SessionProvider>,
    );
    expect(drawn).toEqual(['Working on Alpha Plumbing']);

    act(() => store.refreshUser({ ...user, token: 'next-token', vendors: [{ ...VENDOR }] }));
    expect(drawn).toEqual(['Working on Alpha Plumbing']);

    act(() => store.refreshUser({ ...user, token: 'next-token', vendors: [{ ...VENDOR, name: 'Alpha & Sons' }] }));
    expect(screen.getByText('Working on Alpha & Sons')).toBeTruthy();
    expect(drawn).toEqual(['Working on Alpha Plumbing', 'Working on Alpha & Sons']);
  });
});
