import { describe, expect, it } from 'vitest';
import { pageDocument } from './prerender.ts';

const SHELL =
  '<html><head><title>Automate</title><script type="module" src="/assets/index-1a2b.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

describe('a prerendered page’s HTML', () => {
  it('keeps the built shell (its hashed entry) and puts the page in #root, its title and styles in the head', () => {
    const html = pageDocument(SHELL, {
      html: '<h1>Sign in</h1>',
      head: '<title>Sign in · Automate</title><style data-emotion="css a1">.css-a1{}</style>',
    });
    expect(html).toBe(
      '<html><head><script type="module" src="/assets/index-1a2b.js"></script>' +
        '<title>Sign in · Automate</title><style data-emotion="css a1">.css-a1{}</style></head>' +
        '<body><div id="root"><h1>Sign in</h1></div></body></html>',
    );
  });

  it('keeps the shell’s title when the page names none, and takes `$` in the markup literally', () => {
    const html = pageDocument(SHELL, { html: '<p>$& costs $1</p>', head: '' });
    expect(html).toContain('<title>Automate</title>');
    expect(html).toContain('<div id="root"><p>$& costs $1</p></div>');
  });
});
