// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VendorTime } from './vendor-time.tsx';

afterEach(() => vi.unstubAllEnvs());

describe('a run’s time on hover', () => {
  const at = '2026-03-03T01:05:09.000Z';

  it('is on the business’s clock, named where the viewer’s clock differs', () => {
    vi.stubEnv('TZ', 'America/New_York');
    render(<VendorTime value={at} timeZone="Pacific/Auckland" />);
    expect(screen.getByText(/ago|in /).getAttribute('title')).toMatch(/2:05:09 pm NZDT$/);
  });

  it('belongs to no one business in a list of every business’s runs: the viewer’s clock, named', () => {
    vi.stubEnv('TZ', 'America/New_York');
    render(<VendorTime value={at} timeZone={undefined} />);
    expect(screen.getByText(/ago|in /).getAttribute('title')).toMatch(/8:05:09 pm GMT-5$/);
  });
});
