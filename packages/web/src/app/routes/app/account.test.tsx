// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAsRoute, stubFetch } from '@/testing/render.tsx';
import { ApiKeysRoute, WebAddressesRoute } from './account.tsx';

let stub: ReturnType<typeof stubFetch>;
afterEach(() => stub.restore());

const SECTIONS: Array<{ route: ReactElement; at: string; heading: string; title: string }> = [
  {
    route: <WebAddressesRoute />,
    at: '/app/account/web-addresses',
    heading: 'Web addresses',
    title: 'Web addresses · Account · Automate',
  },
  { route: <ApiKeysRoute />, at: '/app/account/api-keys', heading: 'API keys', title: 'API keys · Account · Automate' },
];

describe('the Account area', () => {
  it.each(SECTIONS)(
    'names $heading in its heading, its tab and the window title',
    async ({ route, at, heading, title }) => {
      stub = stubFetch(() => undefined);
      renderAsRoute(route, { path: at, at });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      const tabs = screen.getByRole('tablist', { name: 'Account' });
      expect(within(tabs).getByRole('tab', { name: heading, selected: true })).toBeTruthy();
      expect(document.title).toBe(title);
      // Without a business chosen, the page says what to do first rather than showing an empty form.
      expect(screen.getByText(/Choose the business to work on first/)).toBeTruthy();
    },
  );
});
