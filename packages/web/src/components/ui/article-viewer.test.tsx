// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArticleViewer, NO_ARTICLE_CONTENT } from './article-viewer.tsx';

describe('the article viewer', () => {
  it('shows a skeleton of 4 paragraph rows while loading', () => {
    render(<ArticleViewer content="# ignored" loading />);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(4);
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it.each([null, undefined, '', '   \n'])('says there is no content for %j', (content) => {
    render(<ArticleViewer content={content} />);
    expect(screen.getByText(NO_ARTICLE_CONTENT)).toBeTruthy();
    expect(NO_ARTICLE_CONTENT).toBe('No article content available.');
  });

  it('renders Markdown as HTML', async () => {
    render(
      <ArticleViewer
        content={'## Steps\n\n1. **Connect**\n2. [Help](/help)\n\n![diagram](/api/Content/images/a.png)'}
      />,
    );
    // The renderer loads on first use.
    expect(await screen.findByRole('heading', { level: 2, name: 'Steps' })).toBeTruthy();
    expect(screen.getByText('Connect').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
    expect(screen.getByRole('img', { name: 'diagram' }).getAttribute('src')).toBe('/api/Content/images/a.png');
  });

  it('renders scripts, event handlers and javascript: links inert', async () => {
    const hostile = [
      '<script>window.hacked = true</script>',
      '<img src="x" onerror="window.hacked = true">',
      '<a href="javascript:window.hacked = true">raw link</a>',
      '[markdown link](javascript:window.hacked=true)',
      '[encoded](jAvAsCrIpT&#58;alert(1))',
      '![pic](javascript:alert(1))',
      '<iframe src="https://evil.example.com"></iframe>',
    ].join('\n\n');
    const { container } = render(<ArticleViewer content={hostile} />);
    await screen.findByText('markdown link');
    expect(container.querySelector('script, iframe')).toBeNull();
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) expect(attribute.startsWith('on')).toBe(false);
      for (const name of ['href', 'src']) {
        expect(element.getAttribute(name) ?? '').not.toMatch(/^\s*javascript:/i);
      }
    }
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    // The words stay readable; only the dangerous parts are gone.
    expect(screen.getByText('markdown link')).toBeTruthy();
  });
});
