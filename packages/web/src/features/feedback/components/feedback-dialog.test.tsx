// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { applyStyles } from '@/testing/styles.ts';
import { FeedbackDialog } from './feedback-dialog.tsx';

const user = userEvent.setup({ delay: null });

const FORM = 'https://forms.example.com/automate-feedback';
const VENDOR_ID = '11111111-1111-4111-8111-111111111111';

let stub: ReturnType<typeof stubFetch> | undefined;
afterEach(() => stub?.restore());

describe('the feedback dialog', () => {
  // Its width is the test's subject, and CSS decides it.
  applyStyles();

  it('is at most 800 px wide and embeds the configured form', async () => {
    const onClose = vi.fn();
    render(<FeedbackDialog open formUrl={FORM} vendorId={VENDOR_ID} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Feedback' });
    expect(getComputedStyle(dialog).maxWidth).toBe('800px');
    expect(screen.getByTitle('Feedback form').getAttribute('src')).toBe(FORM);
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('without a configured form, asks for a message before sending it with the rating and the page', async () => {
    stub = stubFetch(({ method, url, body }) =>
      method === 'POST' && url.pathname === `/api/vendor/${VENDOR_ID}/Feedback`
        ? {
            status: 201,
            body: {
              success: true,
              data: {
                id: '22222222-2222-4222-8222-222222222222',
                createdAt: '2026-11-29T10:00:00.000Z',
                ...(body as object),
              },
            },
          }
        : undefined,
    );
    const onClose = vi.fn();
    renderWithProviders(<FeedbackDialog open formUrl={null} vendorId={VENDOR_ID} onClose={onClose} />);
    expect(screen.queryByTitle('Feedback form')).toBeNull();
    expect(screen.getByText('/')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByText('Message: write what you would like to tell us.')).toBeTruthy();
    expect(stub.calls).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Please add SMS reminders');
    expect(screen.getByText('24 of 2,000 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '2' }));
    await user.click(screen.getByRole('button', { name: '4' }));
    expect(screen.getByRole('button', { name: '4' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(stub.calls[0]?.body).toEqual({ message: 'Please add SMS reminders', rating: 4, page: '/' });
  });

  it('says when the message is too long', async () => {
    renderWithProviders(<FeedbackDialog open formUrl={null} vendorId={VENDOR_ID} onClose={vi.fn()} />);
    const message = screen.getByRole('textbox', { name: 'Message' });
    await user.click(message);
    await user.paste('x'.repeat(2001));
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByText('Message: use at most 2000 characters.')).toBeTruthy();
  });
});
