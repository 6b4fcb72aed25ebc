// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { applyStyles } from '@/testing/styles.ts';
import { ConfirmProvider, useConfirm } from './confirm-dialog.tsx';
import { ConfirmDialog } from './confirm-prompt.tsx';

const user = userEvent.setup({ delay: null });

function showDialog() {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const onClose = vi.fn();
  render(
    <ConfirmDialog open message="Delete this trigger?" onConfirm={onConfirm} onCancel={onCancel} onClose={onClose} />,
  );
  return { onConfirm, onCancel, onClose };
}

describe('the confirm dialog', () => {
  // Its width is the test's subject, and CSS decides it.
  applyStyles();

  it('is 500 px wide and shows the message with Cancel and Confirm', () => {
    showDialog();
    const dialog = screen.getByRole('dialog');
    expect(getComputedStyle(dialog).width).toBe('500px');
    expect(screen.getByText('Delete this trigger?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('confirming closes it without calling cancel', async () => {
    const { onConfirm, onCancel, onClose } = showDialog();
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('cancelling calls the cancel callback and closes it', async () => {
    const { onConfirm, onCancel, onClose } = showDialog();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('Escape cancels', async () => {
    const { onCancel, onClose } = showDialog();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith(false);
  });
});

function Asker({ onCancel }: { onCancel: () => void }) {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={async () => setAnswer(String(await confirm({ message: 'Really?', onCancel })))}>
        Ask
      </button>
      <output>{answer}</output>
    </>
  );
}

describe('useConfirm', () => {
  it('answers true on Confirm and closes the dialog', async () => {
    const onCancel = vi.fn();
    render(
      <ConfirmProvider>
        <Asker onCancel={onCancel} />
      </ConfirmProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('true'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('answers false on Cancel and calls the cancel callback', async () => {
    const onCancel = vi.fn();
    render(
      <ConfirmProvider>
        <Asker onCancel={onCancel} />
      </ConfirmProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('false'));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
