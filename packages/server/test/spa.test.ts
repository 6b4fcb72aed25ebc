import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServices, type TestServices } from './support/test-services.ts';

let services: TestServices;
let webRoot: string;
const APP_JS = `console.log(${JSON.stringify('app '.repeat(500))})`;
/** What the web app's build draws into a prerendered page's `#root`. */
const LOGIN_MARKUP =
  '<main><h1>Sign in</h1><form aria-label="Sign in"><label>Email</label><label>Password</label></form></main>';
const HOME_MARKUP = '<main><h1>Put your ServiceM8 follow-ups on autopilot</h1></main>';
/** A page as the build writes it: its title and critical styles in the head (over 1 KB, as real pages are). */
const prerenderedPage = (title: string, markup: string) =>
  `<!doctype html><html><head><title>${title}</title><style data-emotion="css a1">${'.css-a1{margin:0;}'.repeat(80)}</style></head><body><div id="root">${markup}</div></body></html>`;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'automate-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Automate</title></head><body><div id="root"></div></body></html>',
  );
  // What the web app's build writes: the chunks of each measured page that the entry does not load itself.
  fs.mkdirSync(path.join(webRoot, '.vite'));
  fs.writeFileSync(
    path.join(webRoot, '.vite', 'route-preloads.json'),
    JSON.stringify({
      '/auth/login': ['/assets/login-9z8y.js', '/assets/form-7x6w.js'],
      '/app/automation/view/:id': ['/assets/editor-5v4u.js'],
    }),
  );
  // The public pages the build drew, and where it lists them.
  fs.mkdirSync(path.join(webRoot, 'prerendered'));
  fs.writeFileSync(
    path.join(webRoot, 'prerendered', 'login.html'),
    prerenderedPage('Sign in · Automate', LOGIN_MARKUP),
  );
  fs.writeFileSync(path.join(webRoot, 'prerendered', 'home.html'), prerenderedPage('Automate', HOME_MARKUP));
  fs.writeFileSync(
    path.join(webRoot, '.vite', 'prerendered-pages.json'),
    JSON.stringify({ '/': 'prerendered/home.html', '/auth/login': 'prerendered/login.html' }),
  );
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js'), APP_JS);
  // What the web app's build writes beside every file.
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js.br'), brotliCompressSync(APP_JS));
  fs.writeFileSync(path.join(webRoot, 'assets', 'app-1a2b.js.gz'), gzipSync(APP_JS));
  services = await startTestServices({ webRoot });
});
afterAll(async () => {
  await services.cleanup();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers any unknown page path with index.html, never cached', async () => {
    for (const url of ['/', '/app/dashboard', '/help/billing/how-to-pay?x=1']) {
      const response = await services.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers the prerendered public pages with their first paint already in #root, and other pages with the empty shell', async () => {
    for (const url of ['/auth/login', '/auth/login/', '/auth/login?redirect=%2Fapp']) {
      const response = await services.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body, url).toContain(`<div id="root">${LOGIN_MARKUP}</div>`);
      expect(response.body).toContain('<title>Sign in · Automate</title><style data-emotion="css a1">');
    }
    const home = await services.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('<h1>Put your ServiceM8 follow-ups on autopilot</h1>');
    for (const url of ['/app/dashboard', '/help', '/auth/login/extra']) {
      const other = await services.app.inject({ method: 'GET', url });
      expect(other.body, url).toContain('<div id="root"></div>');
      expect(other.body, url).not.toContain('Sign in');
    }
  });

  it('sends a prerendered page as Brotli or gzip, as the browser accepts', async () => {
    const br = await services.app.inject({ method: 'GET', url: '/auth/login', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain(LOGIN_MARKUP);
    const gzip = await services.app.inject({
      method: 'GET',
      url: '/auth/login',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain(LOGIN_MARKUP);
  });

  it("names a page's own chunks for the browser to preload beside the entry", async () => {
    for (const url of ['/auth/login', '/auth/login/', '/auth/login?redirect=%2Fapp']) {
      const response = await services.app.inject({ method: 'GET', url });
      expect(response.body, url).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/login-9z8y.js"><link rel="modulepreload" crossorigin href="/assets/form-7x6w.js"></head>',
      );
    }
    const other = await services.app.inject({ method: 'GET', url: '/app/dashboard' });
    expect(other.body).not.toContain('modulepreload');
  });

  it('names them for every page of a route with a parameter, and not for the pages below it', async () => {
    for (const url of ['/app/automation/view/new', '/app/automation/view/0b6f3c1e-4f1a-4c8e-9d2b-7a5e3c2d1f00']) {
      const response = await services.app.inject({ method: 'GET', url });
      expect(response.body, url).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/editor-5v4u.js"></head>',
      );
    }
    for (const url of ['/app/automation/view', '/app/automation/view/new/logs', '/app/automation/edit/new']) {
      const response = await services.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('modulepreload');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await services.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a script the headers that protect it, and not those only a page acts on', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const script = await services.app.inject({
        method: 'GET',
        url: '/assets/app-1a2b.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(script.headers['content-encoding'], encoding).toBe(encoding === 'identity' ? undefined : encoding);
      expect(script.headers['x-content-type-options'], encoding).toBe('nosniff');
      expect(script.headers['cross-origin-resource-policy'], encoding).toBe('same-origin');
      expect(script.headers['referrer-policy'], encoding).toBe('no-referrer');
      expect(script.headers['content-security-policy'], encoding).toBeUndefined();
      expect(script.headers['x-frame-options'], encoding).toBeUndefined();
      expect(script.headers['strict-transport-security'], encoding).toBeUndefined();
    }
    for (const url of ['/auth/login', '/app/dashboard', '/assets/missing-1a2b.js']) {
      const page = await services.app.inject({ method: 'GET', url });
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('keeps unknown API paths and non-GET requests as JSON 404s', async () => {
    const api = await services.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const post = await services.app.inject({ method: 'POST', url: '/app/dashboard' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('compression', () => {
  it('sends an asset as the Brotli or gzip copy made at build time, as the browser accepts', async () => {
    const asset = (encoding?: string) =>
      services.app.inject({
        method: 'GET',
        url: '/assets/app-1a2b.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);
    const gzip = await asset('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(APP_JS);
    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('compresses API answers over 1 KB, and leaves small ones as they are', async () => {
    const big = await services.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toMatchObject({ openapi: expect.any(String) });
    const small = await services.app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
