// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAction } from './use-action.ts';

const user = userEvent.setup({ delay: null });

function SendLink({ send, onSent }: { send: (email: string) => Promise<string>; onSent: (answer: string) => void }) {
  const action = useAction(send);
  return (
    <>
      <button type="button" onClick={() => action.mutate('robin@example.com', { onSuccess: onSent })}>
        Send
      </button>
      {action.isPending ? <p>Sending…</p> : null}
      {action.isSuccess ? <p>{action.data}</p> : null}
      {action.error ? <p>Failed: {(action.error as Error).message}</p> : null}
    </>
  );
}

describe('useAction', () => {
  it('shows the request under way, then its answer, and hands the answer on', async () => {
    let answer: (text: string) => void = () => {};
    const send = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const onSent = vi.fn();
    render(<SendLink send={send} onSent={onSent} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Sending…')).toBeTruthy();
    expect(send).toHaveBeenCalledWith('robin@example.com');
    answer('A new link is on its way.');
    expect(await screen.findByText('A new link is on its way.')).toBeTruthy();
    expect(screen.queryByText('Sending…')).toBeNull();
    expect(onSent).toHaveBeenCalledWith('A new link is on its way.');
  });

  it('shows the failure and does not hand anything on', async () => {
    const onSent = vi.fn();
    render(<SendLink send={() => Promise.reject(new Error('Too many requests'))} onSent={onSent} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed: Too many requests')).toBeTruthy();
    expect(onSent).not.toHaveBeenCalled();
  });

  it('only the latest request counts when one is started again before the first answers', async () => {
    const answers: Array<(text: string) => void> = [];
    const send = () => new Promise<string>((resolve) => answers.push(resolve));
    const onSent = vi.fn();
    render(<SendLink send={send} onSent={onSent} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    answers[1]?.('second');
    expect(await screen.findByText('second')).toBeTruthy();
    answers[0]?.('first');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByText('first')).toBeNull();
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(onSent).toHaveBeenCalledWith('second');
  });
});
