// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydratedFieldset } from './hydrated-fieldset.tsx';

const form = (
  <form aria-label="Sign in">
    <HydratedFieldset legend="Your email and password">
      {/* biome-ignore lint/a11y/noAutofocus: as the sign-in forms' first field, which this stands in for */}
      <input aria-label="Email" autoFocus />
      <button type="submit">Sign in</button>
    </HydratedFieldset>
  </form>
);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

describe('HydratedFieldset', () => {
  it('is disabled in the prerendered markup, and takes input (focusing its autofocus field) once hydrated', async () => {
    const markup = renderToString(form);
    expect(markup).toMatch(/<fieldset[^>]* disabled=""/);
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();

    await act(async () => {
      root = hydrateRoot(container, form, { onRecoverableError: recoverable });
    });

    expect(container.querySelector('fieldset')?.disabled).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('takes input at once when the page was not prerendered', () => {
    render(form);
    expect(screen.getByRole('group').hasAttribute('disabled')).toBe(false);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });
});
