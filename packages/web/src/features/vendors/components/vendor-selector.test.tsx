// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { VendorSelector } from './vendor-selector.tsx';

const user = userEvent.setup({ delay: null });

const vendor = (id: string, name: string) => ({
  id,
  name,
  timeZone: 'Pacific/Auckland',
  sm8Connected: id.startsWith('1'),
  currentSubscriptionType: 'Standard',
  hasCurrentSubscription: true,
  automationsSuspended: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const ALPHA = vendor('11111111-1111-4111-8111-111111111111', 'Alpha Plumbing');
const BRAVO = vendor('22222222-2222-4222-8222-222222222222', 'Bravo Electrical');

let fetchStub: ReturnType<typeof stubFetch> | undefined;
afterEach(() => fetchStub?.restore());

function serveVendors(answer: { status: number; body: unknown }) {
  fetchStub = stubFetch(({ url }) => (url.pathname === '/api/Vendor/search' ? answer : undefined));
  return fetchStub;
}

describe('the vendor selector', () => {
  it('asks for page 1 of 200 subscribed vendors sorted by name ascending and reads data.rows', async () => {
    const stub = serveVendors({
      status: 200,
      body: { success: true, data: { rows: [ALPHA, BRAVO], total: 2, pageNumber: 1, pageSize: 200 } },
    });
    const onSelect = vi.fn();
    renderWithProviders(<VendorSelector value={null} onSelect={onSelect} />);

    await waitFor(() => expect(stub.calls).toHaveLength(1));
    const query = Object.fromEntries(stub.calls[0]?.url.searchParams ?? []);
    expect(query).toEqual({
      PageNumber: '1',
      PageSize: '200',
      SortBy: 'name',
      SortDir: 'Ascending',
      Filters: JSON.stringify([{ action: 'Eq', field: 'hasCurrentSubscription', value: true }]),
    });

    await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
    await user.click(await screen.findByRole('option', { name: 'Bravo Electrical' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: BRAVO.id, name: 'Bravo Electrical' }));
  });

  it('clearing the selection selects nothing', async () => {
    serveVendors({
      status: 200,
      body: { success: true, data: { rows: [ALPHA], total: 1, pageNumber: 1, pageSize: 200 } },
    });
    const onSelect = vi.fn();
    renderWithProviders(<VendorSelector value={{ vendorId: ALPHA.id, name: ALPHA.name }} onSelect={onSelect} />);
    expect((screen.getByRole('combobox', { name: 'Vendor' }) as HTMLInputElement).value).toBe('Alpha Plumbing');
    // The clear button shows on hover or focus; it is there, only visually hidden until then.
    await user.click(screen.getByTitle('Clear'));
    expect(onSelect).toHaveBeenCalledWith(null);
  });

  it('shows the server’s message in an error notification when the list fails', async () => {
    serveVendors({
      status: 500,
      body: { success: false, code: 'INTERNAL', message: 'The vendor list is unavailable.' },
    });
    renderWithProviders(<VendorSelector value={null} onSelect={vi.fn()} />);
    expect(await screen.findByText('The vendor list is unavailable.')).toBeTruthy();
  });

  it('reads a capitalised Message field too', async () => {
    serveVendors({ status: 403, body: { success: false, Message: 'Only super admins may list vendors.' } });
    renderWithProviders(<VendorSelector value={null} onSelect={vi.fn()} />);
    expect(await screen.findByText('Only super admins may list vendors.')).toBeTruthy();
  });
});
