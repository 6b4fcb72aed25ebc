import { describe, expect, it } from 'vitest';
import { renderPage } from './prerender.tsx';

describe('prerendering the public pages', () => {
  it('draws the sign-in page signed out, with its title and the styles it uses', async () => {
    const page = await renderPage('/auth/login');
    expect(page.html).toContain('<h1 class="MuiTypography-root MuiTypography-h5');
    expect(page.html).toContain('aria-label="Sign in"');
    expect(page.html).toMatch(/<label[^>]*>Email/);
    expect(page.html).toMatch(/<label[^>]*>Password/);
    expect(page.html).not.toContain('You are signed in as');
    // Its fields wait for the page's code (`HydratedFieldset`).
    expect(page.html).toMatch(/aria-label="Sign in"><fieldset[^>]* disabled=""/);
    expect(page.head).toMatch(/^<title>Sign in · Automate<\/title>/);
    // Emotion's styles go in the head under the browser cache's key, none beside the elements.
    expect(page.head).toMatch(/<style data-emotion="css [^"]+">\.css-/);
    expect(page.html).not.toContain('<style');
  });

  it("draws the home page's heading and its signed-out top bar", async () => {
    const page = await renderPage('/');
    expect(page.html).toContain('Put your ServiceM8 follow-ups on autopilot');
    expect(page.html).toContain('href="/auth/login"');
    expect(page.html).not.toContain('Open the app');
    expect(page.html).toContain('Checking system status…');
  });

  it('refuses a path that only redirects', async () => {
    await expect(renderPage('/auth')).rejects.toThrow('/auth redirects');
  });
});
