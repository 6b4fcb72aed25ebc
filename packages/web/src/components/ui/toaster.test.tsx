// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useNotifications } from '@/lib/notifications.ts';
import { Toaster } from './toaster.tsx';

const user = userEvent.setup({ delay: null });

function TriggerPage() {
  const { toast, notify } = useNotifications();
  return (
    <>
      <button type="button" onClick={() => toast('Trigger saved', 'success')}>
        Save
      </button>
      <button type="button" onClick={() => notify('The vendor list could not be loaded.', 'error')}>
        Load vendors
      </button>
      <Toaster />
    </>
  );
}

describe('toasts', () => {
  it('the page has no toast container before the first toast', () => {
    render(<TriggerPage />);
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();
  });

  it('the first toast shows once the toast code has loaded, and the next one too', async () => {
    render(<TriggerPage />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trigger saved')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load vendors' }));
    expect(await screen.findByText('The vendor list could not be loaded.')).toBeTruthy();
    expect(screen.getByText('Trigger saved')).toBeTruthy();
  });

  it('a toast closes at once with its Dismiss button, leaving the others', async () => {
    render(<TriggerPage />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Load vendors' }));
    const saved = (await screen.findByText('Trigger saved')).closest('[role="alert"]');
    if (!(saved instanceof HTMLElement)) throw new Error('the toast is not an alert');
    await user.click(within(saved).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Trigger saved')).toBeNull());
    expect(screen.getByText('The vendor list could not be loaded.')).toBeTruthy();
  });
});
