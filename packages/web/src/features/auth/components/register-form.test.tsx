// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '@/testing/render.tsx';
import { write } from '@/testing/write.ts';
import { RegisterForm } from './register-form.tsx';

const user = userEvent.setup({ delay: null });

const EMAIL = 'owner@plumbing.example.com';
const SENT = `We sent a confirmation link to ${EMAIL}. Open it to finish signing up.`;

let fetchStub: ReturnType<typeof stubFetch> | undefined;
afterEach(() => fetchStub?.restore());

function openSignUp() {
  fetchStub = stubFetch(({ method, url }) =>
    method === 'POST' && url.pathname === '/api/Auth/register'
      ? { status: 201, body: { success: true, data: { email: EMAIL }, message: SENT } }
      : undefined,
  );
  renderWithProviders(<RegisterForm />);
  return fetchStub;
}

const passwordInput = () => screen.getByLabelText(/^Password/) as HTMLInputElement;
const submit = () => user.click(screen.getByRole('button', { name: 'Create account' }));

async function fillIn(values: Record<'First name' | 'Last name' | 'Business name' | 'Email', string>) {
  for (const [label, value] of Object.entries(values)) {
    await write(user, screen.getByRole('textbox', { name: label }), value);
  }
}

describe('the sign-up form', () => {
  it('names each missing field before sending anything', async () => {
    const stub = openSignUp();
    await submit();
    const form = screen.getByRole('form', { name: 'Create an account' });
    for (const message of [
      'Enter your first name.',
      'Enter your last name.',
      'Enter the name of your business.',
      'Enter your email address.',
      'Enter your password.',
    ]) {
      expect(within(form).getByText(message)).toBeTruthy();
    }
    expect(screen.getByRole('textbox', { name: 'Business name' }).getAttribute('aria-invalid')).toBe('true');
    expect(stub.calls).toEqual([]);
  });

  it('marks a password short of the policy, and a malformed address, before sending anything', async () => {
    const stub = openSignUp();
    await fillIn({ 'First name': 'Pat', 'Last name': 'Owner', 'Business name': 'Pat’s Plumbing', Email: 'pat@' });
    await write(user, passwordInput(), 'short');
    await submit();
    expect(passwordInput().getAttribute('aria-invalid')).toBe('true');
    expect(
      screen.getByText('Password: use at least 10 characters, including at least one letter and one digit.'),
    ).toBeTruthy();
    expect(screen.getByText('Enter an email address such as name@example.com.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'First name' }).getAttribute('aria-invalid')).toBe('false');
    expect(stub.calls).toEqual([]);
  });

  it('sends the person and their business, then shows the server’s sentence and the way to sign in', async () => {
    const stub = openSignUp();
    await fillIn({
      'First name': ' Pat ',
      'Last name': 'Owner',
      'Business name': 'Pat’s Plumbing ',
      Email: ` ${EMAIL}`,
    });
    await write(user, passwordInput(), 'pipes-and-drains-42');
    await submit();
    expect((await screen.findByTestId('register-success')).textContent).toBe(SENT);
    expect(stub.calls).toHaveLength(1);
    expect(stub.calls[0]?.body).toMatchObject({
      firstName: 'Pat',
      lastName: 'Owner',
      vendorName: 'Pat’s Plumbing',
      email: EMAIL,
      password: 'pipes-and-drains-42',
    });
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/auth/login');
  });
});
